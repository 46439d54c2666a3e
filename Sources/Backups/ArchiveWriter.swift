import CArchive
import Foundation

/// A gzip-compressed tar archive (POSIX pax) written by libarchive to an open file.
///
/// Entries are regular files with mode 0600; the caller gives each entry's size before its bytes, as tar
/// requires. The handle is freed in `deinit`; ``finish()`` flushes and must be called for a complete
/// archive.
///
/// ```swift
/// let writer = try ArchiveWriter(fileDescriptor: descriptor, name: "backup.tar.gz")
/// try writer.add(path: "manifest.json", bytes: manifestBytes)
/// try writer.finish()
/// ```
final class ArchiveWriter {
    /// libarchive's write handle.
    typealias Handle = OpaquePointer
    private let handle: Handle
    private let name: String
    private var isFinished = false

    /// Starts an archive on `fileDescriptor` (which stays the caller's to close); `name` is for messages.
    init(fileDescriptor: Int32, name: String) throws {
        guard let handle = archive_write_new() else {
            throw BackupError(.fileSystem, "cannot start the archive \(name)")
        }
        self.handle = handle
        self.name = name
        guard archive_write_add_filter_gzip(handle) == ARCHIVE_OK,
            archive_write_set_format_pax_restricted(handle) == ARCHIVE_OK,
            archive_write_open_fd(handle, fileDescriptor) == ARCHIVE_OK
        else { throw failure("cannot start") }
    }

    deinit {
        archive_write_free(handle)
    }

    /// Adds a file holding `bytes`.
    func add(path: String, bytes: [UInt8]) throws {
        var remaining = bytes[...]
        try add(path: path, size: Int64(bytes.count)) { buffer in
            let count = min(buffer.count, remaining.count)
            for (offset, byte) in remaining.prefix(count).enumerated() { buffer[offset] = byte }
            remaining = remaining.dropFirst(count)
            return count
        }
    }

    /// Adds a file of `size` bytes; `fill` writes the next bytes into the buffer and returns how many, 0 at the
    /// end. Fewer or more bytes than `size` is an error.
    func add(path: String, size: Int64, fill: (inout [UInt8]) throws -> Int) throws {
        guard let entry = archive_entry_new() else { throw failure("cannot add \(path) to") }
        defer { archive_entry_free(entry) }
        archive_entry_set_pathname_utf8(entry, path)
        archive_entry_set_filetype(entry, UInt32(recover_archive_regular_file()))
        archive_entry_set_perm(entry, 0o600)
        archive_entry_set_size(entry, size)
        archive_entry_set_mtime(entry, time(nil), 0)
        guard archive_write_header(handle, entry) == ARCHIVE_OK else { throw failure("cannot add \(path) to") }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var written: Int64 = 0
        while true {
            let count = try fill(&buffer)
            if count == 0 { break }
            written += Int64(count)
            guard written <= size else { throw changed(path) }
            let accepted = buffer.withUnsafeBytes { archive_write_data(handle, $0.baseAddress, count) }
            guard accepted == count else { throw failure("cannot write \(path) into") }
        }
        guard written == size else { throw changed(path) }
        guard archive_write_finish_entry(handle) == ARCHIVE_OK else { throw failure("cannot write \(path) into") }
    }

    /// Writes the end of the archive and flushes the compressor.
    func finish() throws {
        guard !isFinished else { return }
        isFinished = true
        guard archive_write_close(handle) == ARCHIVE_OK else { throw failure("cannot finish") }
    }

    private func changed(_ path: String) -> BackupError {
        BackupError(.fileSystem, "\(path) changed size while it was being archived")
    }

    private func failure(_ what: String) -> BackupError {
        let reason = archive_error_string(handle).map { String(cString: $0) } ?? "unknown error"
        return BackupError(.fileSystem, "\(what) the archive \(name): \(reason)")
    }
}
