import Care
import Postgres

/// The arguments of a statement whose conditions are assembled from a query's filters, each added where its
/// `$n` placeholder goes; values never enter the SQL text.
struct StatementArguments {
    private(set) var values: [any PostgresValueConvertible] = []

    /// Adds `value` and returns its placeholder.
    mutating func bind(_ value: any PostgresValueConvertible) -> String {
        values.append(value)
        return "$\(values.count)"
    }

    /// Adds `texts` as one `jsonb` array and returns a subquery of its elements, for `column IN (...)`: one
    /// statement whatever the list's length, so it is prepared once.
    mutating func list(_ texts: [String]) throws -> String {
        "(SELECT jsonb_array_elements_text(\(bind(try CareRecordJSON.encode(texts)))::jsonb))"
    }
}
