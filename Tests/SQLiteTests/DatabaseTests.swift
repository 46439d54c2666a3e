import Foundation
import SQLite
import Testing

private let notes = Migration(
    name: "test-001-notes",
    sql: """
        CREATE TABLE note (id TEXT PRIMARY KEY NOT NULL, body TEXT NOT NULL, score REAL, created_at TEXT NOT NULL);
        CREATE INDEX note_created ON note (created_at);
        """)

@Suite struct DatabaseTests {
    @Test func writtenRowsSurviveCloseAndReopen() throws {
        let fixture = StorageFixture()
        let created = DatabaseDate.rounded(Date())
        let id = UUID()
        do {
            let database = try fixture.open([notes])
            try database.write { db in
                try db.execute(
                    "INSERT INTO note (id, body, score, created_at) VALUES (?, ?, ?, ?)",
                    [id, "knee feels better", 2.5, created])
            }
        }
        let reopened = try fixture.open([notes])
        let row = try reopened.read { db in try db.queryOne("SELECT * FROM note") }
        #expect(try row?.uuid("id") == id)
        #expect(try row?.string("body") == "knee feels better")
        #expect(try row?.double("score") == 2.5)
        #expect(try row?.date("created_at") == created)
    }

    @Test func aCachedSelectStarSeesAColumnAddedSinceItsLastRun() throws {
        let database = try StorageFixture().open([notes])
        let select = "SELECT * FROM note WHERE id = ?"
        let first = try database.write { db in
            try db.execute("INSERT INTO note (id, body, created_at) VALUES (?, ?, ?)", ["a", "x", Date()])
            return try db.queryOne(select, ["a"])?.columnNames
        }
        #expect(first == ["id", "body", "score", "created_at"])
        let again = try database.write { db in try db.queryOne(select, ["a"])?.columnNames }
        #expect(again == first)
        let after = try database.write { db in
            try db.execute("ALTER TABLE note ADD COLUMN mood TEXT NOT NULL DEFAULT 'calm'")
            return try db.queryOne(select, ["a"])
        }
        #expect(after?.columnNames == ["id", "body", "score", "created_at", "mood"])
        #expect(try after?.string("mood") == "calm")
    }

    @Test func throwingWriteRollsBackEverything() throws {
        struct Abandon: Error {}
        let database = try StorageFixture().open([notes])
        #expect(throws: Abandon.self) {
            try database.write { db in
                try db.execute("INSERT INTO note (id, body, created_at) VALUES (?, ?, ?)", ["a", "x", Date()])
                throw Abandon()
            }
        }
        let count = try database.read { db in try db.queryOne("SELECT count(*) AS n FROM note")?.int("n") }
        #expect(count == 0)
    }

    @Test func optionalValuesRoundTripAsNull() throws {
        let database = try StorageFixture().open([notes])
        let missing: Double? = nil
        try database.write { db in
            try db.execute(
                "INSERT INTO note (id, body, score, created_at) VALUES (?, ?, ?, ?)", ["n", "", missing, Date()])
        }
        let row = try database.read { db in try db.queryOne("SELECT score, body FROM note") }
        let score: Double? = try row?["score"]
        #expect(score == nil)
        #expect(try row?.string("body") == "")
        #expect(throws: RowDecodingError.self) { try row?.double("score") }
        #expect(throws: RowDecodingError.self) { try row?.string("no_such_column") }
    }

    @Test func valuesOfEveryKindRoundTrip() throws {
        let database = try StorageFixture().open()
        let blob = Data([0, 1, 2, 255])
        let text = "多语言 \u{0} text"
        let row = try database.read { db in
            try db.queryOne(
                "SELECT ? AS i, ? AS big, ? AS d, ? AS t, ? AS b, ? AS yes, ? AS empty",
                [42, Int64.max, -0.125, text, blob, true, Data()])
        }
        #expect(try row?.int("i") == 42)
        #expect(try row?.int64("big") == Int64.max)
        #expect(try row?.double("d") == -0.125)
        #expect(try row?.string("t") == text)
        #expect(try row?.data("b") == blob)
        #expect(try row?.bool("yes") == true)
        #expect(try row?.data("empty") == Data())
    }

    @Test func datesAreStoredAsSortableUTCText() throws {
        let date = Date(timeIntervalSince1970: 1_774_767_909.123)  // 2026-03-29T07:05:09.123Z
        #expect(DatabaseDate.string(from: date) == "2026-03-29T07:05:09.123Z")
        #expect(DatabaseDate.date(from: "2026-03-29T07:05:09.123Z") == DatabaseDate.rounded(date))
        #expect(DatabaseDate.date(from: "1969-12-31T23:59:59Z") == Date(timeIntervalSince1970: -1))
        #expect(DatabaseDate.date(from: "2024-02-29T00:00:00Z") != nil)
        #expect(DatabaseDate.date(from: "2023-02-29T00:00:00Z") == nil)
        #expect(DatabaseDate.date(from: "2026-03-29 07:05:09") == nil)
        let early = DatabaseDate.string(from: Date(timeIntervalSince1970: -86_400 * 365))
        #expect(early == "1969-01-01T00:00:00.000Z")
        for seconds in stride(from: -2_000_000_000.0, to: 4_000_000_000.0, by: 123_456_789.987) {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(DatabaseDate.date(from: DatabaseDate.string(from: date)) == DatabaseDate.rounded(date))
        }
    }

    @Test func uniqueViolationIsMatchableAndHidesArguments() throws {
        let database = try StorageFixture().open([notes])
        let secret = "pain 9 after fall"
        try database.write { db in
            try db.execute("INSERT INTO note (id, body, created_at) VALUES (?, ?, ?)", ["same", secret, Date()])
        }
        do {
            try database.write { db in
                try db.execute("INSERT INTO note (id, body, created_at) VALUES (?, ?, ?)", ["same", secret, Date()])
            }
            Issue.record("a duplicate primary key was accepted")
        } catch let error as DatabaseError {
            #expect(error.code == .constraint)
            #expect(error.isUniqueConstraintViolation)
            #expect(error.sql?.contains("INSERT INTO note") == true)
            #expect(!"\(error)".contains(secret))
            #expect(!"\(error)".contains("same"))
        }
    }

    @Test func badSQLIsAnErrorWithTheStatement() throws {
        let database = try StorageFixture().open()
        #expect {
            try database.read { db in try db.query("SELECT nope FROM nowhere") }
        } throws: { error in
            (error as? DatabaseError)?.code == .error && (error as? DatabaseError)?.sql == "SELECT nope FROM nowhere"
        }
        #expect {
            try database.read { db in try db.query("SELECT ?", []) }
        } throws: { error in (error as? DatabaseError)?.code == .range }
        #expect {
            try database.write { db in try db.execute("SELECT 1; DROP TABLE schema_migrations") }
        } throws: { error in (error as? DatabaseError)?.code == .misuse }
    }

    @Test func readConnectionsRefuseWrites() throws {
        let database = try StorageFixture().open([notes])
        #expect(throws: DatabaseError.self) {
            try database.read { db in
                try db.execute("INSERT INTO note (id, body, created_at) VALUES (?, ?, ?)", ["r", "", Date()])
            }
        }
    }

    @Test func nestedWriteIsRefusedInsteadOfDeadlocking() throws {
        let database = try StorageFixture().open([notes])
        #expect {
            try database.write { _ in try database.write { _ in } }
        } throws: { error in (error as? DatabaseError)?.code == .misuse }
    }

    @Test func connectionCannotBeUsedAfterItsClosure() throws {
        let database = try StorageFixture().open([notes])
        var escaped: DatabaseConnection?
        try database.write { db in escaped = db }
        #expect {
            try escaped?.execute("DELETE FROM note")
        } throws: { error in (error as? DatabaseError)?.code == .misuse }
    }

    @Test func concurrentWritersAndReadersLoseNothing() async throws {
        let database = try StorageFixture().open([notes], durability: .normal)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    for index in 0..<25 {
                        let id = "\(writer)-\(index)"
                        try await database.write { db in
                            try db.execute(
                                "INSERT INTO note (id, body, created_at) VALUES (?, ?, ?)", [id, "w", Date()])
                        }
                        // Acknowledged means committed: a reader sees the row as soon as write returns.
                        let seen = try await database.read { db in
                            try db.queryOne("SELECT count(*) AS n FROM note WHERE id = ?", [id])?.int("n")
                        }
                        #expect(seen == 1)
                    }
                }
            }
            for _ in 0..<8 {
                group.addTask {
                    var last = 0
                    for _ in 0..<25 {
                        let (count, again) = try await database.read { db in
                            let first = try db.queryOne("SELECT count(*) AS n FROM note")?.int("n") ?? -1
                            let second = try db.queryOne("SELECT count(*) AS n FROM note")?.int("n") ?? -1
                            return (first, second)
                        }
                        #expect(count == again, "a read transaction saw two different snapshots")
                        #expect(count >= last, "a later read saw fewer rows")
                        last = count
                    }
                }
            }
            try await group.waitForAll()
        }
        let total = try await database.read { db in try db.queryOne("SELECT count(*) AS n FROM note")?.int("n") }
        #expect(total == 200)
    }

    @Test func synchronousWritesFromManyThreadsAllCommit() throws {
        let database = try StorageFixture().open([notes], durability: .normal)
        DispatchQueue.concurrentPerform(iterations: 40) { index in
            _ = try? database.write { db in
                try db.execute("INSERT INTO note (id, body, created_at) VALUES (?, ?, ?)", ["\(index)", "s", Date()])
            }
        }
        let total = try database.read { db in try db.queryOne("SELECT count(*) AS n FROM note")?.int("n") }
        #expect(total == 40)
    }

    @Test func readersAndTheWriterKeepTheirConfiguredPageCachesAndMapNothingByDefault() throws {
        var configuration = DatabaseConfiguration()
        configuration.cacheKibibytes = 12_345
        configuration.writerCacheKibibytes = 2_345
        let database = try StorageFixture().open([notes], configuration: configuration)
        let read = try database.read { db in
            (
                try db.queryOne("PRAGMA cache_size")?.int("cache_size"),
                try db.queryOne("PRAGMA mmap_size")?.int("mmap_size")
            )
        }
        let written = try database.write { db in try db.queryOne("PRAGMA cache_size")?.int("cache_size") }
        #expect(read.0 == -12_345)
        #expect(read.1 == 0)
        #expect(written == -2_345)
        #expect(DatabaseConfiguration().cacheKibibytes == 65_536)
        #expect(DatabaseConfiguration().writerCacheKibibytes == 8_192)
    }

    @Test func dataFolderAndDatabaseFileArePrivateToTheirOwner() throws {
        let folder = StorageFixture().folder.appending(path: "nested/recover-data")
        let database = try Database.open(dataDirectory: folder, migrations: [])
        #expect(database.url.lastPathComponent == Database.fileName)
        let manager = FileManager.default
        let file = try manager.attributesOfItem(atPath: database.url.path)
        let directory = try manager.attributesOfItem(atPath: folder.path)
        #expect((file[.posixPermissions] as? Int).map { $0 & 0o077 } == 0)
        #expect((directory[.posixPermissions] as? Int).map { $0 & 0o077 } == 0)
    }

    @Test func concurrentWriteThatThrowsRollsBackOnlyItself() async throws {
        struct Refused: Error {}
        let database = try StorageFixture().open([notes])
        let results = try await withThrowingTaskGroup(of: (Int, Bool).self) { group in
            for index in 0..<60 {
                group.addTask {
                    do {
                        try await database.write { db in
                            try db.execute(
                                "INSERT INTO note (id, body, created_at) VALUES (?, ?, ?)", ["\(index)", "g", Date()])
                            if index % 3 == 0 { throw Refused() }
                            // A duplicate key fails one statement; the write that catches it still commits.
                            if index % 3 == 1 {
                                #expect(throws: DatabaseError.self) {
                                    try db.execute(
                                        "INSERT INTO note (id, body, created_at) VALUES (?, ?, ?)",
                                        ["\(index)", "", Date()])
                                }
                            }
                        }
                        return (index, true)
                    } catch is Refused {
                        return (index, false)
                    }
                }
            }
            return try await group.reduce(into: [Int: Bool]()) { $0[$1.0] = $1.1 }
        }
        let stored = try await database.read { db in
            try db.query("SELECT id FROM note").map { try $0.string("id") }
        }
        let expected = results.filter(\.value).map { "\($0.key)" }
        #expect(Set(stored) == Set(expected))
        #expect(stored.count == 40)
        let statistics = database.writeStatistics
        #expect(statistics.committedWrites == 40)
        #expect((1...40).contains(statistics.commits))
    }

    @Test func syncAndAsyncWritersReturnTheirOwnValues() async throws {
        let database = try StorageFixture().open([notes], durability: .normal)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<30 {
                group.addTask {
                    let id = "v\(index)"
                    let changed: Int
                    if index.isMultiple(of: 2) {
                        changed = try await database.write { db in
                            try db.execute(
                                "INSERT INTO note (id, body, created_at) VALUES (?, ?, ?)", [id, "a", Date()])
                            return try db.queryOne("SELECT count(*) AS n FROM note WHERE id = ?", [id])?.int("n") ?? 0
                        }
                    } else {
                        changed = try insertSynchronously(id, into: database)
                    }
                    #expect(changed == 1)
                }
            }
            try await group.waitForAll()
        }
        let total = try await database.read { db in try db.queryOne("SELECT count(*) AS n FROM note")?.int("n") }
        #expect(total == 30)
    }

    /// The blocking `write`, as a libmicrohttpd worker thread calls it.
    private func insertSynchronously(_ id: String, into database: Database) throws -> Int {
        try database.write { db in
            try db.execute("INSERT INTO note (id, body, created_at) VALUES (?, ?, ?)", [id, "s", Date()])
            return try db.queryOne("SELECT count(*) AS n FROM note WHERE id = ?", [id])?.int("n") ?? 0
        }
    }

    @Test func databaseValueArgumentsAndLiteralsBindAsWritten() throws {
        let database = try StorageFixture().open([notes])
        let created = DatabaseDate.rounded(Date())
        try database.write { db in
            try db.execute(
                "INSERT INTO note (id, body, score, created_at) VALUES (?, ?, ?, ?)",
                [.text("v1"), "literal", .null, created.databaseValue])
        }
        let row = try database.read { db in try db.queryOne("SELECT * FROM note WHERE id = ?", [.text("v1")]) }
        #expect(try row?.string("body") == "literal")
        #expect(try row?.value("score") == .null)
        #expect(try row?.date("created_at") == created)
    }
}
