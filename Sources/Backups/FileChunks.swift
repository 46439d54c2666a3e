import Cryptography
import Foundation

/// A file opened for reading in chunks, never through a symbolic link.
final class FileChunks {
    private let descriptor: Int32

    init(url: URL) throws {
        descriptor = open(url.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw BackupError(.fileSystem, "cannot read \(url.path): \(systemReason())") }
    }

    deinit { close(descriptor) }

    /// Reads the next bytes into `buffer`; returns how many, 0 at the end.
    func read(into buffer: inout [UInt8]) throws -> Int {
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count >= 0 { return count }
            if errno != EINTR { throw BackupError(.fileSystem, "cannot read a file: \(systemReason())") }
        }
    }

    /// The SHA-256 (lowercase hex) and size of the file at `url`.
    static func digest(of url: URL) throws -> (sha256: String, size: Int64) {
        let file = try FileChunks(url: url)
        var hash = SHA256Digest()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var size: Int64 = 0
        while case let count = try file.read(into: &buffer), count > 0 {
            hash.update(buffer, count: count)
            size += Int64(count)
        }
        return (hash.finish(), size)
    }
}

/// SHA-256 over chunks read into a reused buffer, as lowercase hex.
struct SHA256Digest {
    private var stream = SHA256Stream()

    /// Adds the first `count` bytes of `buffer`.
    mutating func update(_ buffer: [UInt8], count: Int) {
        buffer.withUnsafeBytes { stream.update(UnsafeRawBufferPointer(rebasing: $0.prefix(count))) }
    }

    /// The digest of everything added, in lowercase hex.
    mutating func finish() -> String { Crypto.hex(stream.finish()) }
}

/// A file being created, owner-only, that did not exist before: a restored file or the archive itself.
final class NewFile {
    let url: URL
    private var descriptor: Int32

    /// Creates `url` (refusing an existing file or a symbolic link in its place) with mode 0600.
    init(url: URL) throws {
        self.url = url
        descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw BackupError(.fileSystem, "cannot create \(url.path): \(systemReason())") }
    }

    /// Creates `path` inside `root`, making its folders (mode 0700) as needed. `path` is a checked
    /// ``BackupPath``, so every folder made is inside `root`.
    convenience init(root: URL, path: String) throws {
        var folder = root
        for component in path.split(separator: "/").dropLast() {
            folder = folder.appending(path: String(component))
            guard mkdir(folder.path, 0o700) == 0 || errno == EEXIST else {
                throw BackupError(.fileSystem, "cannot create the folder \(folder.path): \(systemReason())")
            }
        }
        try self.init(url: root.appending(path: path))
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// The open descriptor (for libarchive).
    var fileDescriptor: Int32 { descriptor }

    /// Appends `count` bytes of `buffer`.
    func write(_ buffer: [UInt8], count: Int) throws {
        var offset = 0
        while offset < count {
            let written = buffer.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return Glibc.write(descriptor, base + offset, count - offset)
            }
            if written <= 0 {
                if written < 0, errno == EINTR { continue }
                throw BackupError(.fileSystem, "cannot write \(url.path): \(systemReason())")
            }
            offset += written
        }
    }

    /// Flushes the bytes to the disk and closes the file.
    func finish() throws {
        let synced = fsync(descriptor) == 0
        let closed = close(descriptor) == 0
        descriptor = -1
        guard synced, closed else { throw BackupError(.fileSystem, "cannot write \(url.path): \(systemReason())") }
    }
}

/// Flushes a folder's entries (a rename into it) to the disk.
func syncFolder(_ url: URL) {
    let descriptor = open(url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
}

/// The C library's wording of the current `errno`.
func systemReason() -> String { String(cString: strerror(errno)) }
