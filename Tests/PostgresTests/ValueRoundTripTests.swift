import Foundation
import Postgres
import Testing

private let everyType = PostgresMigration(
    name: "test-001-every-type",
    sql: """
        CREATE TABLE sample (
            id uuid PRIMARY KEY, body text, big bigint, medium integer, small smallint, ratio double precision,
            single real, amount numeric(12, 2), flag boolean, payload bytea, at timestamptz, local_at timestamp,
            document jsonb, day date
        );
        """)

@Suite(.enabled(if: TestCluster.isAvailable, TestDatabase.skipMessage))
struct ValueRoundTripTests {
    @Test func everyTypeComesBackAsItWent() throws {
        try TestDatabase.with(migrations: [everyType]) { database in
            let id = UUID()
            let at = PostgresTimestamp.rounded(Date(timeIntervalSince1970: 1_774_767_909.123_456))
            let bytes = Data((0...255).map { UInt8($0) } + [0, 0])
            try database.write { db in
                try db.execute(
                    """
                    INSERT INTO sample (id, body, big, medium, small, ratio, single, amount, flag, payload, at,
                        local_at, document, day)
                    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
                    """,
                    [
                        id, "Knie 😀 «ok» \u{202E}", Int64.max, Int32.min, 7, Double.pi, 1.5,
                        PostgresValue.numeric("12345.67"), true, bytes, at, at, #"{"pain": 3}"#, "2026-03-29",
                    ])
            }
            let row = try #require(try database.read { db in try db.queryOne("SELECT * FROM sample") })
            #expect(try row.uuid("id") == id)
            #expect(try row.string("body") == "Knie 😀 «ok» \u{202E}")
            #expect(try row.int64("big") == Int64.max)
            #expect(try row.int32("medium") == Int32.min)
            #expect(try row.int("small") == 7)
            #expect(try row.double("ratio") == Double.pi)
            #expect(try row.double("single") == 1.5)
            #expect(try row.value("amount") == .numeric("12345.67"))
            #expect(try row.double("amount") == 12345.67)
            #expect(try row.bool("flag"))
            #expect(try row.data("payload") == bytes)
            #expect(try row.date("at") == at)
            #expect(try row.date("local_at") == at)
            #expect(try row.string("document") == #"{"pain": 3}"#)
            #expect(try row.string("day") == "2026-03-29")
        }
    }

    @Test func edgeValuesSurvive() throws {
        try TestDatabase.with(migrations: [everyType]) { database in
            let cases: [(Int64, Double, String, Data, Date)] = [
                (Int64.min, -0.0, "", Data(), Date(timeIntervalSince1970: -62_135_596_800)),
                (0, .infinity, String(repeating: "x", count: 100_000), Data([0]), Date(timeIntervalSince1970: 0)),
                (-1, -.infinity, "\\x41", Data(repeating: 0xFF, count: 70_000), Date.distantFuture),
                (
                    1, Double.leastNonzeroMagnitude, "$1 ? %s", Data([0x5C, 0x78]),
                    Date(timeIntervalSince1970: 0.000_001)
                ),
            ]
            for (big, ratio, body, payload, at) in cases {
                let id = UUID()
                try database.write { db in
                    try db.execute(
                        "INSERT INTO sample (id, big, ratio, body, payload, at) VALUES ($1, $2, $3, $4, $5, $6)",
                        [id, big, ratio, body, payload, at])
                }
                let row = try #require(
                    try database.read { db in try db.queryOne("SELECT * FROM sample WHERE id = $1", [id]) })
                #expect(try row.int64("big") == big)
                #expect(try row.double("ratio") == ratio)
                #expect(try row.double("ratio").sign == ratio.sign)
                #expect(try row.string("body") == body)
                #expect(try row.data("payload") == payload)
                #expect(try row.date("at") == PostgresTimestamp.rounded(at))
            }
            let nan = try database.read { db in try db.queryOne("SELECT $1::float8 AS x", [Double.nan]) }
            #expect(try nan?.double("x").isNaN == true)
        }
    }

    @Test func nullReadsAsNilOnlyForOptionals() throws {
        try TestDatabase.with(migrations: [everyType]) { database in
            let missing: String? = nil
            let noDate: Date? = nil
            try database.write { db in
                try db.execute("INSERT INTO sample (id, body, at) VALUES ($1, $2, $3)", [UUID(), missing, noDate])
            }
            let row = try #require(try database.read { db in try db.queryOne("SELECT body, at, flag FROM sample") })
            let body: String? = try row["body"]
            let at: Date? = try row["at"]
            #expect(body == nil && at == nil)
            #expect(try row.value("flag") == .null)
            #expect(throws: PostgresError.self) { try row.string("body") }
            #expect(throws: PostgresError.self) { try row.string("no_such_column") }
        }
    }

    @Test func integersFromTheServerAreCheckedAgainstTheTypeAskedFor() throws {
        try TestDatabase.with { database in
            let row = try #require(
                try database.read { db in
                    try db.queryOne(
                        """
                        SELECT 9223372036854775807::int8 AS biggest, 3000000000::int8 AS beyond_int32,
                            '1e30'::numeric AS huge, '42'::numeric AS whole, '4.5'::numeric AS fraction,
                            '12'::text AS digits
                        """)
                })
            #expect(try row.int64("biggest") == Int64.max)
            #expect(try row.int64("beyond_int32") == 3_000_000_000)
            #expect(try row.int64("whole") == 42)
            #expect {
                try row.int32("beyond_int32")
            } throws: { error in
                let error = error as? PostgresError
                return error?.category == .decoding && error?.message.contains("out of its range") == true
                    && error?.message.contains("3000000000") == false
            }
            #expect(throws: PostgresError.self) { try row.int64("huge") }
            #expect(throws: PostgresError.self) { try row.int64("fraction") }
            #expect(throws: PostgresError.self) { try row.int("digits") }
            #expect(throws: PostgresError.self) { try row.string("biggest") }
        }
    }

    /// Prepared, the statement's types are known and the value is checked before it is sent; unprepared, the
    /// server refuses it. Neither error shows it.
    @Test(arguments: [true, false])
    func anIntegerTooLargeForItsColumnIsRefused(prepared: Bool) throws {
        let configuration = PostgresConfiguration(maximumConnections: 1, preparesStatements: prepared)
        try TestDatabase.with(configuration: configuration, migrations: [everyType]) { database in
            #expect {
                try database.write { db in
                    try db.execute("INSERT INTO sample (id, medium) VALUES ($1, $2)", [UUID(), Int64(1) << 40])
                }
            } throws: { error in
                let error = error as? PostgresError
                return error?.category == (prepared ? .invalidArgument : .invalidData)
                    && error?.description.contains("1099511627776") == false
            }
        }
    }

    @Test(arguments: [true, false])
    func integersReachFunctionsOfEveryIntegerWidth(prepared: Bool) throws {
        let configuration = PostgresConfiguration(maximumConnections: 1, preparesStatements: prepared)
        try TestDatabase.with(configuration: configuration) { database in
            let row = try #require(
                try database.read { db in
                    try db.queryOne(
                        "SELECT repeat('x', $1) AS text, make_interval(days => $2)::text AS span, $3::int2 AS small",
                        [3, 2, 7])
                })
            #expect(try row.string("text") == "xxx")
            #expect(try row.string("span") == "2 days")
            #expect(try row.int("small") == 7)
        }
    }
}
