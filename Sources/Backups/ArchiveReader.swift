import CArchive
import Foundation

/// Reads a tar archive (gzip-compressed or not) entry by entry with libarchive, never touching the disk.
///
/// Only the tar formats and the gzip filter are enabled, so nothing else of libarchive's many readers is
/// exposed to a hostile file. The handle is freed in `deinit`.
final class ArchiveReader {
    /// libarchive's read handle.
    typealias Handle = OpaquePointer

    /// One entry's header.
    struct Entry {
        /// The stored path, as written (not yet checked).
        let path: String
        /// Whether it is a regular file (not a folder, link or device).
        let isRegularFile: Bool
    }

    private let handle: Handle
    private let name: String

    /// Opens the archive at `url`.
    init(url: URL) throws {
        name = url.path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw BackupError(.missingArchive, "no backup file at \(url.path)")
        }
        guard !isFolder.boolValue else {
            throw BackupError(.damagedArchive, "\(url.path) is a folder, not a backup file")
        }
        guard let handle = archive_read_new() else {
            throw BackupError(.fileSystem, "cannot start reading \(url.path)")
        }
        self.handle = handle
        guard archive_read_support_filter_gzip(handle) == ARCHIVE_OK,
            archive_read_support_format_tar(handle) == ARCHIVE_OK,
            archive_read_open_filename(handle, url.path, 64 * 1024) == ARCHIVE_OK
        else { throw damaged() }
    }

    deinit {
        archive_read_free(handle)
    }

    /// The next entry's header, or nil at the end of the archive.
    func next() throws -> Entry? {
        var entry: OpaquePointer?
        let result = archive_read_next_header(handle, &entry)
        if result == ARCHIVE_EOF { return nil }
        guard result == ARCHIVE_OK, let entry else { throw damaged() }
        let path = archive_entry_pathname_utf8(entry).map { String(cString: $0) } ?? ""
        return Entry(path: path, isRegularFile: archive_entry_filetype(entry) == UInt32(recover_archive_regular_file()))
    }

    /// Reads the current entry's next bytes into `buffer`; returns how many, 0 at the entry's end.
    func read(into buffer: inout [UInt8]) throws -> Int {
        let count = buffer.withUnsafeMutableBytes { archive_read_data(handle, $0.baseAddress, $0.count) }
        guard count >= 0 else { throw damaged() }
        return count
    }

    private func damaged() -> BackupError {
        let reason = archive_error_string(handle).map { String(cString: $0) } ?? "unreadable"
        return BackupError(.damagedArchive, "\(name) is not a readable Recover backup (\(reason))")
    }
}
