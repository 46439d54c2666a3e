import Foundation

/// Where a spooled route's bodies are written and how they are digested while they arrive. Used in
/// ``BodyLimit/spooled(_:_:)``.
public struct UploadSpooling: Sendable {
    /// The folder of temporary files; on the same file system as the files' final place, so a finished
    /// upload is moved there by a rename.
    public var directory: URL
    /// Makes a fresh digest for each body (a hash computed as the bytes arrive, so nobody reads the file
    /// again to name it).
    public var digest: @Sendable () -> any BodyDigest

    /// Spooling into `directory`, each body digested by a fresh `digest()`.
    public init(directory: URL, digest: @escaping @Sendable () -> any BodyDigest) {
        self.directory = directory
        self.digest = digest
    }
}

/// A digest computed over a body piece by piece (the app's hash: the framework has none of its own).
public protocol BodyDigest {
    /// Adds `bytes`.
    mutating func update(_ bytes: UnsafeRawBufferPointer)
    /// The digest of everything added, as text (for example lower-case hex).
    mutating func finish() -> String
}

/// An upload body written to a temporary file, with its size and digest computed while it arrived.
public struct SpooledUpload: Sendable, Hashable {
    /// The temporary file (removed when the request ends unless a handler moved it).
    public var file: URL
    /// The bytes received.
    public var byteCount: Int
    /// The ``UploadSpooling/digest`` of the bytes.
    public var digest: String
}

/// Writes a body to a temporary file piece by piece, digesting as it goes. Owned by one request on one
/// thread; the file is deleted when the spool goes away unless it was moved.
final class UploadSpool {
    let file: URL
    private let handle: FileHandle
    private var digest: any BodyDigest
    private(set) var byteCount = 0
    private(set) var failed = false

    /// Opens a new temporary file in the spooling's directory; `nil` when it cannot be created.
    init?(_ spooling: UploadSpooling) {
        let file = spooling.directory.appending(path: "upload-\(UUID().uuidString).part")
        guard
            (try? FileManager.default.createDirectory(at: spooling.directory, withIntermediateDirectories: true))
                != nil,
            FileManager.default.createFile(atPath: file.path, contents: nil, attributes: [.posixPermissions: 0o600]),
            let handle = FileHandle(forWritingAtPath: file.path)
        else { return nil }
        self.file = file
        self.handle = handle
        digest = spooling.digest()
    }

    /// Appends `bytes`; a write error marks the spool failed (the handler then finds no upload).
    func write(_ bytes: UnsafeRawBufferPointer) {
        guard !failed, bytes.count > 0 else { return }
        digest.update(bytes)
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
        return SpooledUpload(file: file, byteCount: byteCount, digest: digest.finish())
    }

    /// Spools bytes that are already in memory (in-process requests), the same way the transport does.
    static func spool(_ bytes: [UInt8], with spooling: UploadSpooling) -> (UploadSpool, SpooledUpload)? {
        guard let spool = UploadSpool(spooling) else { return nil }
        bytes.withUnsafeBytes { spool.write($0) }
        guard let upload = spool.finish() else { return nil }
        return (spool, upload)
    }

    deinit {
        try? handle.close()
        // Gone already when a handler moved it into place.
        try? FileManager.default.removeItem(at: file)
    }
}
