import Foundation
import Postgres
import Testing

private let notes = PostgresMigration(
    name: "test-001-notes",
    sql: """
        CREATE TABLE note (id uuid PRIMARY KEY, email text UNIQUE, body text NOT NULL DEFAULT '',
            score integer CHECK (score >= 0), parent uuid REFERENCES note (id));
        """)

/// Strings that break statements built by concatenation.
private let hostileStrings = [
    "'; DROP TABLE note; --", "Robert'); DROP TABLE note;--", "$1", "$2 $1 ?", "\\", "\\'", "''", "\"note\"",
    "%s%n%x", "E'\\x00'", "-- comment", "/* open", "\u{202E}gnp.exe", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "line\nbreak\r\n\ttab",
    "\u{FEFF}bom", "SELECT pg_sleep(10);", String(repeating: "'", count: 1000),
]

@Suite(.enabled(if: TestCluster.isAvailable, TestDatabase.skipMessage))
struct StatementTests {
    @Test func hostileStringsAreStoredVerbatimAndRunNothing() throws {
        try TestDatabase.with(migrations: [notes]) { database in
            var ids: [UUID: String] = [:]
            try database.write { db in
                for text in hostileStrings {
                    let id = UUID()
                    ids[id] = text
                    try db.execute("INSERT INTO note (id, email, body) VALUES ($1, $2, $3)", [id, text, text])
                }
            }
            let rows = try database.read { db in try db.query("SELECT id, email, body FROM note") }
            #expect(rows.count == hostileStrings.count)
            for row in rows {
                let expected = ids[try row.uuid("id")]
                #expect(try row.string("body") == expected)
                #expect(try row.string("email") == expected)
            }
            for text in hostileStrings {
                let found = try database.read { db in
                    try db.queryOne("SELECT count(*) AS n FROM note WHERE body = $1", [text])?.int("n")
                }
                #expect(found == 1)
            }
        }
    }

    @Test func textWithANulCharacterIsRefusedWithoutShowingIt() throws {
        try TestDatabase.with(migrations: [notes]) { database in
            #expect {
                try database.write { db in
                    try db.execute("INSERT INTO note (id, body) VALUES ($1, $2)", [UUID(), "secret\u{0}tail"])
                }
            } throws: { error in
                let error = error as? PostgresError
                return error?.category == .invalidArgument && error?.message.contains("$2") == true
                    && error?.description.contains("secret") == false
            }
        }
    }

    @Test func oneCallRunsOneStatement() throws {
        try TestDatabase.with(migrations: [notes]) { database in
            #expect {
                try database.write { db in try db.execute("SELECT 1; DROP TABLE note") }
            } throws: { error in
                (error as? PostgresError)?.category == .syntax
            }
            let count = try database.read { db in try db.queryOne("SELECT count(*) AS n FROM note")?.int("n") }
            #expect(count == 0)
        }
    }

    @Test func executeCountsChangedRows() throws {
        try TestDatabase.with(migrations: [notes]) { database in
            let changed = try database.write { db in
                try db.execute("INSERT INTO note (id) SELECT gen_random_uuid() FROM generate_series(1, $1)", [5])
                return try db.execute("UPDATE note SET body = $1 WHERE body = ''", ["x"])
            }
            #expect(changed == 5)
        }
    }

    @Test func forEachRowStreamsAndStopsAtTheFirstError() throws {
        struct Enough: Error {}
        try TestDatabase.with { database in
            var seen = 0
            try database.read { db in
                try db.forEachRow("SELECT n FROM generate_series(1, $1) AS n", [2000]) { row in
                    seen += try row.int("n") == seen + 1 ? 1 : 0
                }
            }
            #expect(seen == 2000)
            var stopped = 0
            #expect(throws: Enough.self) {
                try database.read { db in
                    try db.forEachRow("SELECT n FROM generate_series(1, 2000) AS n") { _ in
                        stopped += 1
                        if stopped == 10 { throw Enough() }
                    }
                }
            }
            #expect(stopped == 10)
            #expect(throws: PostgresError.self) {
                try database.read { db in
                    try db.forEachRow("SELECT 1 / (n - 5) FROM generate_series(1, 9) AS n") { _ in }
                }
            }
            let after = try database.read { db in try db.queryOne("SELECT 1 AS one")?.int("one") }
            #expect(after == 1)
        }
    }

    @Test func aStatementPreparedBeforeItsTableChangedIsPreparedAgain() throws {
        try TestDatabase.with(configuration: PostgresConfiguration(maximumConnections: 1), migrations: [notes]) {
            database in
            try database.write { db in try db.execute("INSERT INTO note (id) VALUES ($1)", [UUID()]) }
            _ = try database.read { db in try db.query("SELECT * FROM note") }
            try database.withConnection { db in try db.execute("ALTER TABLE note ADD COLUMN extra text") }
            let before = database.activity
            let rows = try database.read { db in try db.query("SELECT * FROM note") }
            #expect(rows.first?.columnNames.last == "extra")
            #expect(database.activity.since(before).retries == 1)
        }
    }

    @Test func unpreparedStatementsWorkToo() throws {
        let configuration = PostgresConfiguration(maximumConnections: 1, preparesStatements: false)
        try TestDatabase.with(configuration: configuration, migrations: [notes]) { database in
            try database.write { db in
                try db.execute("INSERT INTO note (id, body, score) VALUES ($1, $2, $3)", [UUID(), "a", 3])
            }
            let score = try database.read { db in try db.queryOne("SELECT score FROM note")?.int("score") }
            #expect(score == 3)
        }
    }

    @Test func aStatementOverTheTimeoutIsCanceled() throws {
        let configuration = PostgresConfiguration(maximumConnections: 1, statementTimeout: 0.05)
        try TestDatabase.with(configuration: configuration) { database in
            #expect {
                try database.read { db in try db.query("SELECT pg_sleep(5)") }
            } throws: { ($0 as? PostgresError)?.category == .canceled }
            let one = try database.read { db in try db.queryOne("SELECT 1 AS one")?.int("one") }
            #expect(one == 1)
        }
    }
}
