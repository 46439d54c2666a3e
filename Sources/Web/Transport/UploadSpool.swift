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

    /// Removes the temporary files no request is writing any more (left by a crash or a kill): each file a
    /// spool writes is locked (`flock`) while it is open, and the kernel drops the lock of a process that
    /// died, so a file that can be locked here has no writer. Call it when the server starts; files of
    /// another server sharing the folder that are being written stay. Returns how many were removed.
    @discardableResult
    public func removeLeftovers() -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var removed = 0
        for name in names where name.hasPrefix(UploadSpool.prefix) && name.hasSuffix(UploadSpool.suffix) {
            let path = directory.appending(path: name).path
            let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { continue }
            if unlink(path) == 0 { removed += 1 }
        }
        return removed
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
/// thread; the file is deleted when the spool goes away unless it was moved, and locked while it is open so
/// ``UploadSpooling/removeLeftovers()`` knows it from a crash's leftover.
final class UploadSpool {
    static let prefix = "upload-"
    static let suffix = ".part"

    let file: URL
    private let handle: FileHandle
    private var digest: any BodyDigest
    private(set) var byteCount = 0
    private(set) var failed = false

    /// Opens a new temporary file (0600) in the spooling's directory and locks it; `nil` when it cannot be
    /// created.
    init?(_ spooling: UploadSpooling) {
        let file = spooling.directory.appending(path: "\(Self.prefix)\(UUID().uuidString)\(Self.suffix)")
        guard
            (try? FileManager.default.createDirectory(at: spooling.directory, withIntermediateDirectories: true))
                != nil
        else { return nil }
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return nil }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            unlink(file.path)
            return nil
        }
        self.file = file
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        digest = spooling.digest()
    }

    /// Appends `bytes`; a write error marks the spool failed (the handler then finds no upload).
    func write(_ bytes: UnsafeRawBufferPointer) {
        guard !failed, bytes.count > 0 else { return }
        digest.update(bytes)
        byteCount += bytes.count
        do { try handle.write(contentsOf: Data(bytes)) } catch { failed = true }
    }

    /// Flushes the file to disk and describes it; `nil` when writing failed. The file stays open (and locked)
    /// until the request ends.
    func finish() -> SpooledUpload? {
        do {
            try handle.synchronize()
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
        // Removed before it is unlocked, so no one finds it unlocked while it is ours; gone already when a
        // handler moved it into place.
        try? FileManager.default.removeItem(at: file)
        try? handle.close()
    }
}
