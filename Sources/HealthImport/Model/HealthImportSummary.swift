/// What an import read and kept; counts only, never a health value.
public struct HealthImportSummary: Codable, Hashable, Sendable {
    /// `Record` elements read (`recordsRead == recordsKept + skipped.values.sum()`).
    public var recordsRead: Int
    /// Records kept: granted, valid, from the enrolment on.
    public var recordsKept: Int
    /// Records not kept, by reason.
    public var skipped: [SkipReason: Int]
    /// Days with at least one figure.
    public var daysCovered: Int
    /// The first day with a figure.
    public var firstDay: HealthDay?
    /// The last day with a figure.
    public var lastDay: HealthDay?
    /// Bytes of `export.xml` read (uncompressed).
    public var xmlBytes: Int64
}
