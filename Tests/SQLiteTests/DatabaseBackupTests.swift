import Foundation
import SQLite
import Testing

private let pairs = Migration(
    name: "test-001-pairs", sql: "CREATE TABLE pair (id INTEGER PRIMARY KEY, half TEXT NOT NULL, filler BLOB)")

@Suite struct DatabaseBackupTests {
    func filled() throws -> (StorageFixture, Database) {
        let fixture = StorageFixture()
        let database = try fixture.open([pairs])
        try database.write { db in
            for index in 0..<100 {
                try db.execute("INSERT INTO pair (half, filler) VALUES (?, ?)", ["a\(index)", Data(count: 2000)])
                try db.execute("INSERT INTO pair (half, filler) VALUES (?, ?)", ["b\(index)", Data(count: 2000)])
            }
        }
        return (fixture, database)
    }

    func count(_ url: URL) throws -> Int {
        try Database.open(at: url, migrations: []).read { db in
            try db.queryOne("SELECT count(*) AS n FROM pair")?.int("n") ?? -1
        }
    }

    @Test func theCopyIsOneSelfContainedFileWithEveryCommittedRowAndOwnerOnly() throws {
        let (fixture, database) = try filled()
        let copy = fixture.folder.appending(path: "copy.sqlite")
        try database.backup(to: copy)
        #expect(!FileManager.default.fileExists(atPath: copy.path + "-wal"))
        let mode = try FileManager.default.attributesOfItem(atPath: copy.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try count(copy) == 200)
        #expect(try Database.open(at: copy, migrations: []).integrityProblems() == [])
    }

    @Test func anExistingFileIsNeverOverwritten() throws {
        let (fixture, database) = try filled()
        let copy = fixture.folder.appending(path: "taken.sqlite")
        try Data("mine".utf8).write(to: copy)
        #expect(throws: DatabaseError.self) { try database.backup(to: copy) }
        #expect(FileManager.default.contents(atPath: copy.path) == Data("mine".utf8))
    }

    @Test func aCopyDuringWritesIsTheSnapshotOfOneMoment() throws {
        let (fixture, database) = try filled()
        let stop = DispatchSemaphore(value: 0)
        let writing = DispatchGroup()
        DispatchQueue.global().async(group: writing) {
            var index = 0
            while stop.wait(timeout: .now()) == .timedOut {
                // Two rows per commit: a copy that mixed moments could hold an odd count.
                try? database.write { db in
                    try db.execute("INSERT INTO pair (half) VALUES (?)", ["a-more-\(index)"])
                    try db.execute("INSERT INTO pair (half) VALUES (?)", ["b-more-\(index)"])
                }
                index += 1
            }
        }
        defer {
            stop.signal()
            writing.wait()
        }
        var progressed = 0
        for round in 0..<3 {
            let copy = fixture.folder.appending(path: "copy-\(round).sqlite")
            // One page per step: many steps, with commits landing between them.
            try database.backup(to: copy, pagesPerStep: 1) { copied, total in
                if copied < total { progressed += 1 }
            }
            let rows = try count(copy)
            #expect(rows >= 200 && rows % 2 == 0)
        }
        #expect(progressed > 0)
    }

    @Test func integrityProblemsAreEmptyForASoundDatabase() throws {
        let (_, database) = try filled()
        #expect(try database.integrityProblems() == [])
    }
}
