import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file written in full or not at all: bytes go to a hidden temporary file beside the destination, which
/// is renamed over it only by ``commit()``. Until then nothing exists under the destination's name, so an
/// interrupted or failed export never leaves a partial file that looks complete.
///
/// ```swift
/// try ExportFile.write(to: url) { file in
///     try file.write("id,value\n")
///     for row in rows { try file.write(line(row)) }
/// }   // renamed into place here; removed if the closure threw
/// ```
public final class ExportFile {
    /// Where the file ends up.
    public let destination: URL
    /// The temporary file being written.
    public let temporaryURL: URL
    private var descriptor: Int32
    private var finished = false
    /// The buffered writer of the file's bytes, for the exports (``CSVExport``, ``JSONExport``, ``FHIRExport``).
    public private(set) lazy var writer = ExportWriter { [unowned self] bytes in try self.writeFully(bytes) }
    /// Bytes written so far.
    public var byteCount: Int { writer.byteCount }

    /// Opens a temporary file (owner read/write only) in the destination's folder.
    public init(destination: URL) throws {
        self.destination = destination
        let folder = destination.deletingLastPathComponent()
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw ExportError.cannotWrite(path: destination.path, reason: "its folder does not exist")
        }
        temporaryURL = folder.appending(path: ".\(destination.lastPathComponent).partial-\(UUID().uuidString)")
        descriptor = open(temporaryURL.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw ExportError.cannotWrite(path: destination.path, reason: String(cString: strerror(errno)))
        }
    }

    deinit {
        if !finished { discard() }
    }

    /// Writes `text` as UTF-8.
    public func write(_ text: String) throws { try writer.write(text) }

    /// Writes raw bytes.
    public func write(_ bytes: some Sequence<UInt8>) throws { try writer.write(bytes) }

    /// Flushes, syncs to disk and renames the file into place, replacing any file of that name.
    public func commit() throws {
        guard !finished else { return }
        do {
            try writer.flush()
            guard fsync(descriptor) == 0 else { throw failure() }
            close(descriptor)
            descriptor = -1
            guard rename(temporaryURL.path, destination.path) == 0 else { throw failure() }
            finished = true
        } catch {
            discard()
            throw error
        }
    }

    /// Abandons the export: closes and removes the temporary file. The destination is untouched.
    public func discard() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        unlink(temporaryURL.path)
        finished = true
    }

    /// Writes a whole file through `body`: committed when it returns, discarded when it throws.
    @discardableResult
    public static func write<Value>(to destination: URL, _ body: (ExportFile) throws -> Value) throws -> Value {
        let file = try ExportFile(destination: destination)
        do {
            let value = try body(file)
            try file.commit()
            return value
        } catch {
            file.discard()
            throw error
        }
    }

    private func writeFully(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw failure()
            }
            offset += written
        }
    }

    private func failure() -> ExportError {
        .cannotWrite(path: destination.path, reason: String(cString: strerror(errno)))
    }
}
