import CareSQLite
import Foundation
import RecoverData
import SQLite

/// Write rates of the database layer: one row per transaction at each durability, batched rows, and many
/// concurrent writers.
func storageBenchmark() async throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "recover-bench-storage-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let table = Migration(
        name: "bench-001-row", sql: "CREATE TABLE bench_row (id TEXT PRIMARY KEY, body TEXT NOT NULL, at TEXT NOT NULL)"
    )

    for (label, durability, count) in [
        ("full", DatabaseConfiguration.Durability.full, 2000), ("normal", .normal, 20000),
    ] {
        let database = try Database.open(
            at: folder.appending(path: "\(label).sqlite"), migrations: [table],
            configuration: DatabaseConfiguration(durability: durability))
        let seconds = try measure {
            for index in 0..<count {
                try database.write { db in
                    try db.execute("INSERT INTO bench_row (id, body, at) VALUES (?, ?, ?)", ["\(index)", "x", Date()])
                }
            }
        }
        print("storage.insert_one_per_transaction.\(label): \(Int(Double(count) / seconds)) rows/s")

        let before = database.writeStatistics
        let concurrent = try await measureAsync {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in 0..<32 {
                    group.addTask {
                        for index in 0..<(count / 32) {
                            try await database.write { db in
                                try db.execute(
                                    "INSERT INTO bench_row (id, body, at) VALUES (?, ?, ?)",
                                    ["c\(writer)-\(index)", "x", Date()])
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        print("storage.insert_32_concurrent_writers.\(label): \(Int(Double(count / 32 * 32) / concurrent)) rows/s")
        let after = database.writeStatistics
        let perCommit = Double(after.committedWrites - before.committedWrites) / Double(after.commits - before.commits)
        print("storage.insert_32_concurrent_writers.\(label).writes_per_commit: \((perCommit * 10).rounded() / 10)")
    }

    let batched = try Database.open(at: folder.appending(path: "batched.sqlite"), migrations: [table])
    let batchSeconds = try measure {
        try batched.write { db in
            for index in 0..<50000 {
                try db.execute("INSERT INTO bench_row (id, body, at) VALUES (?, ?, ?)", ["\(index)", "x", Date()])
            }
        }
    }
    print("storage.insert_one_transaction.full: \(Int(50000 / batchSeconds)) rows/s")
}

private func measure(_ body: () throws -> Void) throws -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

private func measureAsync(_ body: () async throws -> Void) async throws -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try await body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}
