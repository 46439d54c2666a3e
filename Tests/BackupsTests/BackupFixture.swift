import Foundation
import SQLite

@testable import Backups

/// A folder shaped like a data folder (a database, a secret file, media files, a spool folder) in a fresh
/// temporary place, and helpers to write hand-made archives.
///
/// Not removed afterwards, as in the SQLite tests: removing a folder under an open WAL database crashes
/// SQLite. The folders are small and live under one parent folder in the temporary directory.
struct BackupFixture {
    let root: URL
    let folder: URL
    let database: Database
    static let contents = BackupContents(
        database: "recover.sqlite", files: ["signing-key", "absent.json"], folders: ["files"],
        excluded: ["files/incoming"])

    init() throws {
        root = FileManager.default.temporaryDirectory.appending(path: "recover-backups-tests")
            .appending(path: UUID().uuidString)
        folder = root.appending(path: "data")
        database = try Database.open(
            dataDirectory: folder,
            migrations: [
                Migration(name: "notes-001-create", sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT)")
            ]
        )
        try database.write { db in
            for index in 0..<200 { try db.execute("INSERT INTO note (body) VALUES (?)", ["note \(index)"]) }
        }
        try write("signing-key", "ed25519-seed:secret\n")
        try write("files/ab/cdef", "video bytes")
        try write("files/12/3456", "more video bytes")
        try write("files/incoming/upload-1.part", "half an upload")
    }

    func write(_ path: String, _ text: String, in base: URL? = nil) throws {
        let url = (base ?? folder).appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func url(_ name: String) -> URL { root.appending(path: name) }

    /// Backs the folder up into `name` under the fixture's root.
    @discardableResult
    func backup(_ name: String = "backup.tar.gz") throws -> URL {
        let archive = url(name)
        try BackupArchive.create(
            of: folder, contents: Self.contents, database: database, to: archive, creator: "tests")
        return archive
    }

    /// Writes an archive with these entries, in order, as given: for archives no backup would make.
    func archive(_ name: String, entries: [(path: String, bytes: [UInt8])]) throws -> URL {
        let archive = url(name)
        let file = try NewFile(url: archive)
        let writer = try ArchiveWriter(fileDescriptor: file.fileDescriptor, name: name)
        for entry in entries { try writer.add(path: entry.path, bytes: entry.bytes) }
        try writer.finish()
        try file.finish()
        return archive
    }

    /// A manifest's JSON listing `files` (path and bytes), with the database named `database`.
    static func manifest(_ files: [(path: String, bytes: [UInt8])], database: String = "recover.sqlite") -> [UInt8] {
        let entries = files.map { file -> String in
            var hash = SHA256Digest()
            hash.update(file.bytes, count: file.bytes.count)
            return #"{"path": "\#(file.path)", "sha256": "\#(hash.finish())", "size": \#(file.bytes.count)}"#
        }
        return Array(
            """
            {"format": "recover.backup", "version": 1, "createdAt": "2026-01-01T00:00:00.000Z", "creator": "tests",
             "database": "\(database)", "files": [\(entries.joined(separator: ", "))]}
            """.utf8)
    }

    /// The entries of a backup made now, read back (manifest first).
    func entries(of archive: URL) throws -> [(path: String, bytes: [UInt8])] {
        let reader = try ArchiveReader(url: archive)
        var entries: [(path: String, bytes: [UInt8])] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while let header = try reader.next() {
            var bytes: [UInt8] = []
            while case let count = try reader.read(into: &buffer), count > 0 { bytes += buffer.prefix(count) }
            entries.append((header.path, bytes))
        }
        return entries
    }
}
