import Foundation
import SQLite

/// Moves a study's records from one database to another (SQLite to PostgreSQL, and back), row for row:
/// every table of the schema, ids, audit chain and signatures as they are, in one write transaction on the
/// target, which must be empty. Nothing is recorded in the audit trail: the copy is the same trail.
///
/// ```swift
/// let summary = try StudyCopy.copy(from: StudyStorage(sqlite), to: try RecoverSchema.open(postgres: url)) {
///     table, rows in print("\(table): \(rows)")
/// }
/// ```
public enum StudyCopy {
    /// Every table of records with the order its rows are copied in, from the schema's areas
    /// (``RecoverSchema/areas``): parents before the rows that refer to them. The audit trail goes in sequence
    /// order (on SQLite its storage order is the chain's).
    public static let tables: [(name: String, order: String)] = RecoverSchema.areas.flatMap(\.tables).compactMap {
        table in table.copyOrder.map { (table.name, $0) }
    }

    /// The tables kept by triggers from the others' rows (the feed's counters, the console's aggregates, the
    /// outcome values): not copied, the triggers fill them on the target as the copied rows are inserted.
    public static let tablesKeptByTriggers: [String] = RecoverSchema.areas.flatMap(\.tables).filter {
        $0.copyOrder == nil
    }.map(\.name)

    /// Why a copy was refused or stopped; nothing was written to the target.
    public enum CopyError: Error, Equatable, CustomStringConvertible {
        /// The target already holds records.
        case targetNotEmpty(table: String)
        /// A stored value cannot be one of the target column's type (the source was edited by hand).
        case unconvertible(table: String, column: String)

        /// What went wrong, in English, for the command line.
        public var description: String {
            switch self {
            case .targetNotEmpty(let table):
                "the target database is not empty (table \(table) has rows): copy into a new, empty database"
            case .unconvertible(let table, let column):
                "a value of \(table).\(column) does not fit the target's column type; nothing was copied"
            }
        }
    }

    /// Copies every row of `source` into `target` (both opened with every migration) in one transaction on
    /// the target; `progress` is told the table and the rows copied so far, every 1,000 rows and at each
    /// table's end. Returns the rows copied per table.
    @discardableResult
    public static func copy(
        from source: StudyStorage, to target: StudyStorage, progress: (String, Int) -> Void = { _, _ in }
    ) throws -> [String: Int] {
        try source.read { from in
            try target.write { to in
                for table in tables where try to.queryOne("SELECT 1 AS found FROM \(table.name) LIMIT 1") != nil {
                    throw CopyError.targetNotEmpty(table: table.name)
                }
                var copied: [String: Int] = [:]
                for table in tables {
                    let types = try columnTypes(of: table.name, in: to)
                    var count = 0
                    try from.forEachRow("SELECT * FROM \(table.name) ORDER BY \(table.order)") { row in
                        let columns = row.columnNames
                        let values = try zip(columns, row.positionalValues).map { column, value in
                            guard let bound = argument(value, for: types[column] ?? .other) else {
                                throw CopyError.unconvertible(table: table.name, column: column)
                            }
                            return bound
                        }
                        try to.execute(
                            "INSERT INTO \(table.name) (\(columns.joined(separator: ", "))) VALUES "
                                + "(\(StoreConnection.placeholders(columns.count)))", values)
                        count += 1
                        if count % 1_000 == 0 { progress(table.name, count) }
                    }
                    progress(table.name, count)
                    copied[table.name] = count
                }
                return copied
            }
        }
    }

    /// The kinds of target column a value is converted for; the others take the value as it is.
    enum ColumnType {
        case boolean, instant, bytes, other
    }

    /// PostgreSQL's column types of `table` (SQLite takes every value as it comes).
    static func columnTypes(of table: String, in db: StoreConnection) throws -> [String: ColumnType] {
        guard db.dialect.hasTypedColumns else { return [:] }
        var types: [String: ColumnType] = [:]
        for row in try db.query(
            "SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = current_schema() "
                + "AND table_name = ?", [table])
        {
            types[try row.string("column_name")] =
                switch try row.string("data_type") {
                case "boolean": .boolean
                case "timestamp with time zone": .instant
                case "bytea": .bytes
                default: .other
                }
        }
        return types
    }

    /// A stored value as the argument for a column of `type`, or nil when it cannot be one.
    static func argument(_ value: DatabaseValue, for type: ColumnType) -> (any StoreValue)? {
        switch (value, type) {
        case (.null, _): return .some(String?.none as any StoreValue)  // NULL, not "no argument"
        case (.integer(let number), .boolean): return number == 0 ? false : (number == 1 ? true : nil)
        case (.text(let text), .instant): return DatabaseDate.date(from: text)
        case (.text(let text), .bytes): return Data(text.utf8)
        case (_, .boolean), (_, .instant): return nil
        case (.integer(let number), _): return number
        case (.real(let number), _): return number
        case (.text(let text), _): return text
        case (.blob(let data), _): return data
        }
    }
}
