/// What an import read and kept; counts only, never a health value.
public struct HealthImportSummary: Codable, Hashable, Sendable {
    /// `Record` elements read, and those kept (`recordsRead == recordsKept + skipped.values.sum()`).
    public var recordsRead: Int
    public var recordsKept: Int
    /// Records not kept, by reason.
    public var skipped: [SkipReason: Int]
    /// Days with at least one figure, and the first and last of them.
    public var daysCovered: Int
    public var firstDay: HealthDay?
    public var lastDay: HealthDay?
    /// Bytes of `export.xml` read (uncompressed).
    public var xmlBytes: Int64
}
