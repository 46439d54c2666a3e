/// Which SQL a store's statement is written in, and the one place where SQLite's and PostgreSQL's SQL differ.
///
/// A statement is one text for both databases. Where the two spell something differently (JSON paths, date
/// arithmetic, the larger of two values, storage order), the statement asks its connection's dialect for that
/// piece by what it means, and no store switches on the dialect itself:
///
/// ```swift
/// let day = db.dialect.utcDay("a.withdrawn_at")
/// // SQLite:     substr(a.withdrawn_at, 1, 10)
/// // PostgreSQL: to_char(a.withdrawn_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')
/// ```
///
/// Every argument is an SQL expression or a name from the code (a column, an alias, a JSON path), spliced
/// as it is: never input. Migrations never call these: each is frozen as its two literal texts, which its
/// checksum covers.
public enum StoreDialect: Sendable {
    case sqlite, postgres

    /// Whether a column takes only values of its declared type, so a copied value must be converted first:
    /// PostgreSQL (`boolean`, `timestamptz` and `bytea` refuse SQLite's integers and text); SQLite takes each
    /// value as it comes.
    public var hasTypedColumns: Bool { self == .postgres }

    /// The column to order a table's rows by as they are stored, `fallback` where there is no such order:
    /// SQLite's `rowid` (so a reordering of the rows shows); PostgreSQL, which has no stable storage order,
    /// `fallback`.
    public func storageOrder(or fallback: String) -> String {
        switch self {
        case .sqlite: "rowid"
        case .postgres: fallback
        }
    }

    /// The larger of two SQL expressions: SQLite's two-argument `max(first, second)`, PostgreSQL's
    /// `GREATEST(first, second)`.
    public func greatest(_ first: String, _ second: String) -> String {
        switch self {
        case .sqlite: "max(\(first), \(second))"
        case .postgres: "GREATEST(\(first), \(second))"
        }
    }

    /// The storage class of a value: SQLite's `typeof(expression)` (`integer`, `real`, `text`...);
    /// PostgreSQL, whose columns have one type each, the empty text `''`, so lines made with it compare alike
    /// on both.
    public func storageClass(_ expression: String) -> String {
        switch self {
        case .sqlite: "typeof(\(expression))"
        case .postgres: "''"
        }
    }

    /// An instant column as the text the code writes instants as, UTC with milliseconds
    /// (`2026-01-02T03:04:05.678Z`): SQLite keeps instants as that text, so the column itself; PostgreSQL
    /// formats its `timestamptz`, `to_char(column AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.
    public func instantText(_ column: String) -> String {
        switch self {
        case .sqlite: column
        case .postgres: #"to_char(\#(column) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')"#
        }
    }

    /// The UTC calendar day (`YYYY-MM-DD`) of an instant column: SQLite the first ten characters of its text,
    /// `substr(column, 1, 10)`; PostgreSQL `to_char(column AT TIME ZONE 'UTC', 'YYYY-MM-DD')`.
    public func utcDay(_ column: String) -> String {
        switch self {
        case .sqlite: "substr(\(column), 1, 10)"
        case .postgres: "to_char(\(column) AT TIME ZONE 'UTC', 'YYYY-MM-DD')"
        }
    }

    /// The whole days from the day `start` to the day `end` (`YYYY-MM-DD` text expressions; negative when `end`
    /// is earlier): SQLite `CAST(julianday(end) - julianday(start) AS INTEGER)`, PostgreSQL
    /// `(CAST(end AS date) - CAST(start AS date))`.
    public func days(from start: String, to end: String) -> String {
        switch self {
        case .sqlite: "CAST(julianday(\(end)) - julianday(\(start)) AS INTEGER)"
        case .postgres: "(CAST(\(end) AS date) - CAST(\(start) AS date))"
        }
    }

    /// The text of the JSON string at `path` (member names joined by dots, `content.unit`) in the JSON
    /// expression `json`, NULL when there is none: SQLite `json_extract(json, '$.content.unit')`, PostgreSQL
    /// `json -> 'content' ->> 'unit'`.
    public func jsonString(_ json: String, at path: String) -> String {
        switch self {
        case .sqlite: "json_extract(\(json), '$.\(path)')"
        case .postgres: Self.jsonbPath(json, path, last: "->>")
        }
    }

    /// The number at the first of `paths` (as for ``jsonString(_:at:)``) holding one in the JSON expression
    /// `json`, NULL when none does: SQLite `coalesce(json_extract(json, '$.a'), json_extract(json, '$.b'))`;
    /// PostgreSQL casts only a JSON number to `double precision`
    /// (`CASE WHEN jsonb_typeof(json -> 'a') = 'number' THEN CAST(json ->> 'a' AS double precision) ... END`),
    /// so an odd value gives NULL instead of failing the statement.
    public func jsonNumber(_ json: String, firstOf paths: [String]) -> String {
        guard self == .postgres else {
            return "coalesce(\(paths.map { jsonString(json, at: $0) }.joined(separator: ", ")))"
        }
        let cases = paths.map { path in
            """
            WHEN jsonb_typeof(\(Self.jsonbPath(json, path, last: "->"))) = 'number'
                THEN CAST(\(Self.jsonbPath(json, path, last: "->>")) AS double precision)
            """
        }
        return "CASE \(cases.joined(separator: "\n    ")) END"
    }

    /// The elements of the JSON array expression `array`, as a table `alias` to list in a `FROM` clause after
    /// a comma (it may refer to the tables before it): SQLite `json_each(array) AS alias`, PostgreSQL
    /// `jsonb_array_elements(array::jsonb) WITH ORDINALITY AS alias(value, ordinal)`.
    public func jsonArrayElements(_ array: String, as alias: String) -> JSONArrayElements {
        switch self {
        case .sqlite:
            JSONArrayElements(table: "json_each(\(array)) AS \(alias)", value: "\(alias).value", index: "\(alias).key")
        case .postgres:
            JSONArrayElements(
                table: "jsonb_array_elements(\(array)::jsonb) WITH ORDINALITY AS \(alias)(value, ordinal)",
                value: "\(alias).value", index: "(\(alias).ordinal - 1)")
        }
    }

    /// The members of the JSON object at `path` (as for ``jsonString(_:at:)``) in the JSON expression `json`, as
    /// a table `alias` to list in a `FROM` clause after a comma: SQLite `json_each(json, '$.path') AS alias`,
    /// PostgreSQL `jsonb_each(json -> 'path') AS alias`.
    public func jsonObjectMembers(_ json: String, at path: String, as alias: String) -> JSONObjectMembers {
        switch self {
        case .sqlite:
            JSONObjectMembers(
                table: "json_each(\(json), '$.\(path)') AS \(alias)", key: "\(alias).key", value: "\(alias).value",
                type: "\(alias).type")
        case .postgres:
            JSONObjectMembers(
                table: "jsonb_each(\(Self.jsonbPath(json, path, last: "->"))) AS \(alias)", key: "\(alias).key",
                value: "\(alias).value #>> '{}'",
                type: "CASE jsonb_typeof(\(alias).value) WHEN 'boolean' THEN \(alias).value #>> '{}' "
                    + "WHEN 'number' THEN 'number' ELSE jsonb_typeof(\(alias).value) END")
        }
    }

    /// PostgreSQL's `json -> 'a' -> 'b'`, the last step with operator `last` (`->` for the JSON value, `->>` for
    /// its text).
    private static func jsonbPath(_ json: String, _ path: String, last: String) -> String {
        let names = path.split(separator: ".")
        return json + names.indices.map { " \($0 == names.count - 1 ? last : "->") '\(names[$0])'" }.joined()
    }
}

/// The elements of a JSON array as a table (``StoreDialect/jsonArrayElements(_:as:)``).
public struct JSONArrayElements: Sendable {
    /// The table to list in a `FROM` clause.
    public let table: String
    /// The SQL expression of an element (a JSON value).
    public let value: String
    /// The SQL expression of an element's position, from 0.
    public let index: String
}

/// The members of a JSON object as a table (``StoreDialect/jsonObjectMembers(_:at:as:)``).
public struct JSONObjectMembers: Sendable {
    /// The table to list in a `FROM` clause.
    public let table: String
    /// The SQL expression of a member's name.
    public let key: String
    /// The SQL expression of a member's value: SQLite the value as SQL (a JSON string as its text, a number as
    /// a number); PostgreSQL its text.
    public let value: String
    /// The SQL expression of a member's JSON type, as `outcome_value.json_type` keeps it: SQLite `json_each`'s
    /// `type` (`true`, `false`, `integer`, `real`, `text`, `null`...); PostgreSQL `jsonb_typeof`'s, with a
    /// boolean as `true` or `false` and every number as `number`.
    public let type: String
}
