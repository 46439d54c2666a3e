import Cryptography
import Foundation

/// Which request bodies the transport streams to a temporary file instead of memory, and how large they
/// may be. Set on ``ServerConfiguration/uploads``.
public struct UploadSpooling: Sendable {
    /// The folder of temporary files; on the same file system as the file store, so a finished upload is
    /// moved into place by a rename.
    public var directory: URL
    /// Bytes accepted; above, the body is discarded and a 413 page answers.
    public var limit: Int
    /// Whether a request (method, path) is an upload.
    public var matches: @Sendable (String, String) -> Bool

    /// Creates an `UploadSpooling` from its members.
    public init(directory: URL, limit: Int, matches: @escaping @Sendable (String, String) -> Bool) {
        self.directory = directory
        self.limit = limit
        self.matches = matches
    }
}

/// An upload body written to a temporary file, with its size and SHA-256 computed while it arrived.
public struct SpooledUpload: Sendable, Hashable {
    /// The temporary file (removed when the request ends unless a handler moved it).
    public var file: URL
    /// The bytes received.
    public var byteCount: Int
    /// SHA-256 of the bytes, lower-case hex.
    public var sha256: String
}

/// Writes a body to a temporary file piece by piece, hashing as it goes. Owned by one request on one
/// transport thread; the file is deleted when the spool goes away unless it was moved.
final class UploadSpool {
    let file: URL
    private let handle: FileHandle
    private var hash = SHA256Stream()
    private(set) var byteCount = 0
    private(set) var failed = false

    /// Opens a new temporary file in `directory`; `nil` when it cannot be created.
    init?(directory: URL) {
        let file = directory.appending(path: "upload-\(Crypto.randomToken(bytes: 12)).part")
        guard (try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)) != nil,
            FileManager.default.createFile(atPath: file.path, contents: nil, attributes: [.posixPermissions: 0o600]),
            let handle = FileHandle(forWritingAtPath: file.path)
        else { return nil }
        self.file = file
        self.handle = handle
    }

    /// Appends `bytes`; a write error marks the spool failed (the handler then answers 500).
    func write(_ bytes: UnsafeRawBufferPointer) {
        guard !failed, bytes.count > 0 else { return }
        hash.update(bytes)
        byteCount += bytes.count
        do { try handle.write(contentsOf: Data(bytes)) } catch { failed = true }
    }

    /// Closes the file and describes it; `nil` when writing failed.
    func finish() -> SpooledUpload? {
        do {
            try handle.synchronize()
            try handle.close()
        } catch {
            failed = true
        }
        guard !failed else { return nil }
        return SpooledUpload(file: file, byteCount: byteCount, sha256: Crypto.hex(hash.finish()))
    }

    /// Spools bytes that are already in memory (in-process requests), the same way the transport does.
    static func spool(_ bytes: [UInt8], in directory: URL) -> (UploadSpool, SpooledUpload)? {
        guard let spool = UploadSpool(directory: directory) else { return nil }
        bytes.withUnsafeBytes { spool.write($0) }
        guard let upload = spool.finish() else { return nil }
        return (spool, upload)
    }

    deinit {
        try? handle.close()
        // Gone already when a handler moved it into the file store.
        try? FileManager.default.removeItem(at: file)
    }
}
