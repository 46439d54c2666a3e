import CSQLite
import Foundation

extension Database {
    /// Copies the database as of one moment into a new file at `destination`, while writes go on.
    ///
    /// Uses SQLite's online backup API (`sqlite3_backup_init/step/finish`) from a connection of its own
    /// that holds one read transaction for the whole copy: WAL lets the writer commit meanwhile, and the
    /// copy is the snapshot taken when the backup began, never a mix. The copy is a single self-contained
    /// file (rollback journal, no `-wal` beside it), created with owner-only permissions; `destination`
    /// must not exist yet. `progress` is told the pages copied so far and the total after each step.
    ///
    /// ```swift
    /// try database.backup(to: URL(fileURLWithPath: "/var/backups/recover.sqlite"))
    /// ```
    public func backup(
        to destination: URL, pagesPerStep: Int = 4096, progress: (_ copied: Int, _ total: Int) -> Void = { _, _ in }
    ) throws {
        let descriptor = Glibc.open(destination.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw DatabaseError(
                code: .cantOpen,
                message: "cannot create the backup file \(destination.path): \(String(cString: strerror(errno)))")
        }
        close(descriptor)
        do {
            let counters = ActivityCounters()
            let source = try DatabaseConnection(
                path: url.path, configuration: configuration, isReader: true, counters: counters)
            let copy = try DatabaseConnection(
                path: destination.path, configuration: configuration, isReader: false, counters: counters)
            // The first read fixes the snapshot; holding the transaction keeps it fixed across steps.
            try source.executeUnchecked("BEGIN DEFERRED")
            defer { try? source.executeUnchecked("COMMIT") }
            try source.executeUnchecked("SELECT count(*) FROM sqlite_master")
            try OnlineBackup(from: source, to: copy).run(pagesPerStep: max(1, pagesPerStep), progress: progress)
            try copy.executeUnchecked("PRAGMA journal_mode = DELETE")
        } catch {
            unlink(destination.path)
            throw error
        }
    }

    /// What `PRAGMA integrity_check` reports; empty when the file is sound.
    ///
    /// SQLite's findings name pages, tables and indexes, never stored values.
    public func integrityProblems() throws -> [String] {
        let findings = try read { db in try db.query("PRAGMA integrity_check").map { try $0.string("integrity_check") }
        }
        return findings == ["ok"] ? [] : findings
    }
}

/// One run of SQLite's online backup from a source connection into a destination connection.
private struct OnlineBackup {
    let source: DatabaseConnection
    let destination: DatabaseConnection

    init(from source: DatabaseConnection, to destination: DatabaseConnection) {
        self.source = source
        self.destination = destination
    }

    func run(pagesPerStep: Int, progress: (Int, Int) -> Void) throws {
        guard let backup = sqlite3_backup_init(destination.handle, "main", source.handle, "main") else {
            throw DatabaseError(
                resultCode: sqlite3_errcode(destination.handle), connection: destination.handle, sql: nil)
        }
        var stepResult = SQLITE_OK
        var waits = 0
        while stepResult == SQLITE_OK || stepResult == SQLITE_BUSY || stepResult == SQLITE_LOCKED {
            stepResult = sqlite3_backup_step(backup, Int32(clamping: pagesPerStep))
            let total = Int(sqlite3_backup_pagecount(backup))
            progress(total - Int(sqlite3_backup_remaining(backup)), total)
            if stepResult == SQLITE_BUSY || stepResult == SQLITE_LOCKED {
                // Only the copy's own file can be locked (the source holds its snapshot); give up after ~5 s.
                waits += 1
                if waits > 500 { break }
                usleep(10_000)
            }
        }
        let finished = sqlite3_backup_finish(backup)
        if stepResult != SQLITE_DONE {
            throw DatabaseError(resultCode: stepResult, connection: destination.handle, sql: nil)
        }
        guard finished == SQLITE_OK else {
            throw DatabaseError(resultCode: finished, connection: destination.handle, sql: nil)
        }
    }
}
