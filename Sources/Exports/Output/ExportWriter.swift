/// A buffered writer of an export's bytes: they gather in a 64 KiB buffer handed to `sink` when full and by
/// ``flush()``, so an export makes few large writes whatever it writes to (an ``ExportFile``, a download's
/// response body).
///
/// ```swift
/// let output = ExportWriter { bytes in try body.write(bytes) }
/// try CSVExport.write(from: database, filter: filter, pseudonyms: pseudonyms, to: output)
/// try output.flush()
/// ```
public final class ExportWriter {
    /// Bytes written so far (handed to the sink or still buffered).
    public var byteCount: Int { flushed + buffer.count }
    private var buffer: [UInt8] = []
    private var flushed = 0
    private let sink: (UnsafeRawBufferPointer) throws -> Void
    static let bufferSize = 1 << 16

    /// A writer handing its full buffers to `sink`.
    public init(_ sink: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        self.sink = sink
        buffer.reserveCapacity(Self.bufferSize + 4096)
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

    /// Lets `body` append to the buffer in place (a CSV line without an array of its own).
    func append(_ body: (inout [UInt8]) throws -> Void) throws {
        try body(&buffer)
        if buffer.count >= Self.bufferSize { try flush() }
    }

    /// Hands what is buffered to the sink.
    public func flush() throws {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBytes { try sink($0) }
        flushed += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }
}
