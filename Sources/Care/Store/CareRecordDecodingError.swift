/// A stored care record that cannot be read back. Names the table and id, never the content.
public struct CareRecordDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The table of the record.
    public let table: String
    /// The id of the record.
    public let id: String

    /// An error for the record `id` of `table`.
    public init(table: String, id: String) {
        self.table = table
        self.id = id
    }

    /// `the stored <table> record '<id>' cannot be decoded`.
    public var description: String { "the stored \(table) record '\(id)' cannot be decoded" }
}
