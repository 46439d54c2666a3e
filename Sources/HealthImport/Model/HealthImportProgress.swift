/// How far an import is: compressed bytes of the export consumed out of the file's size.
public struct HealthImportProgress: Hashable, Sendable {
    /// Compressed bytes of the file read so far.
    public var bytesConsumed: Int64
    /// The file's size.
    public var totalBytes: Int64

    /// Between 0 and 1.
    public var fraction: Double {
        totalBytes > 0 ? min(1, Double(bytesConsumed) / Double(totalBytes)) : 1
    }
}
