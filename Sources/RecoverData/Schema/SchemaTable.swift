/// A table of the Recover schema, as the area that creates it declares it: what `StudyCopy` does with its rows.
public struct SchemaTable: Hashable, Sendable {
    /// The table's name.
    public let name: String
    /// The columns its rows are copied in the order of (`ORDER BY`), or nil for a table kept by triggers from
    /// other tables' rows: a copy does not copy it, the triggers fill it on the target as the rows they read are
    /// inserted.
    public let copyOrder: String?

    /// A table of records, copied row for row in the order of `order` (SQL `ORDER BY` columns).
    public static func copied(_ name: String, orderedBy order: String) -> SchemaTable {
        SchemaTable(name: name, copyOrder: order)
    }

    /// A table kept by triggers from other tables (a counter, an aggregate, rows unpacked from JSON).
    public static func keptByTriggers(_ name: String) -> SchemaTable {
        SchemaTable(name: name, copyOrder: nil)
    }
}
