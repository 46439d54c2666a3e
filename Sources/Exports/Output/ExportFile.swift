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
    private var buffer: [UInt8] = []
    private var finished = false
    /// Bytes written so far.
    public private(set) var byteCount = 0
    private static let bufferSize = 1 << 16

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
        buffer.reserveCapacity(Self.bufferSize)
    }

    deinit {
        if !finished { discard() }
    }

    /// Writes `text` as UTF-8.
    public func write(_ text: String) throws {
        var text = text
        text.withUTF8 { buffer.append(contentsOf: $0) }
        if buffer.count >= Self.bufferSize { try flush() }
    }

    /// Writes raw bytes.
    public func write(_ bytes: some Sequence<UInt8>) throws {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.bufferSize { try flush() }
    }

    /// Flushes, syncs to disk and renames the file into place, replacing any file of that name.
    public func commit() throws {
        guard !finished else { return }
        do {
            try flush()
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

    private func flush() throws {
        var offset = 0
        while offset < buffer.count {
            let written = buffer[offset...].withUnsafeBytes { raw in Glibc.write(descriptor, raw.baseAddress, raw.count)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure()
            }
            offset += written
        }
        byteCount += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }

    private func failure() -> ExportError {
        .cannotWrite(path: destination.path, reason: String(cString: strerror(errno)))
    }
}
