/// A PostgreSQL failure: its SQLSTATE, a category to match on, the server's message and the statement text.
///
/// Safe to log. It never carries the bound argument values: the server's DETAIL, HINT and CONTEXT fields
/// (which quote rows, keys and parameters) are dropped, quoted values in data-exception messages are
/// replaced by `"…"`, and any argument's text that still appears in the message is blanked out. Errors about
/// a connection never carry the password of its URL.
///
/// ```swift
/// do { try database.write { db in try db.execute("INSERT INTO account (email) VALUES ($1)", [email]) } }
/// catch let error as PostgresError where error.category == .uniqueViolation { ... }
/// catch let error as PostgresError where error.category == .connection { ... }  // answer 503
/// ```
public struct PostgresError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure; match on this.
    public let category: Category
    /// The five-character SQLSTATE the server reported (`23505`), nil for failures found by Recover or libpq
    /// before the server answered.
    public let sqlState: String?
    /// The server's (or libpq's) primary message, scrubbed of argument values.
    public let message: String
    /// The failing statement with its `$n` placeholders, if any.
    public let sql: String?
    /// The constraint that refused the change (`account_email_key`), for constraint violations.
    public let constraint: String?
    /// The table the failure concerns, when the server names it.
    public let table: String?
    /// The migration that was being applied, if any.
    public internal(set) var migration: String?

    /// A failure with the given details.
    public init(
        category: Category, sqlState: String? = nil, message: String, sql: String? = nil, constraint: String? = nil,
        table: String? = nil, migration: String? = nil
    ) {
        self.category = category
        self.sqlState = sqlState
        self.message = message
        self.sql = sql
        self.constraint = constraint
        self.table = table
        self.migration = migration
    }

    /// Whether running the whole transaction again may succeed: a serialization failure or a deadlock.
    public var isTransient: Bool { category == .serializationFailure || category == .deadlock }

    /// Whether any integrity constraint (unique, foreign key, not-null, check, exclusion) refused the change.
    public var isConstraintViolation: Bool { sqlState?.hasPrefix("23") ?? false }

    /// Category, SQLSTATE, message, and where.
    public var description: String {
        var text = "PostgreSQL error"
        if let sqlState { text += " \(sqlState)" }
        text += " (\(category)): \(message)"
        if let constraint { text += " [constraint \(constraint)]" }
        if let migration { text += " in migration \(migration)" }
        if let sql { text += " in statement: \(sql)" }
        return text
    }
}

extension PostgresError {
    /// A kind of failure. Compare with the constants (`error.category == .uniqueViolation`); more may be added.
    public struct Category: Hashable, Sendable, CustomStringConvertible {
        /// The category's name, as printed.
        public let name: String

        init(_ name: String) { self.name = name }

        /// The name.
        public var description: String { name }

        /// The server could not be reached, the connection broke, or the server is shutting down (SQLSTATE
        /// classes 08 and 57P). A write that failed this way may or may not have committed.
        public static let connection = Category("connection")
        /// The server refused the user name or password (class 28).
        public static let authentication = Category("authentication")
        /// A UNIQUE or PRIMARY KEY constraint refused the row (23505).
        public static let uniqueViolation = Category("unique violation")
        /// A FOREIGN KEY constraint refused the change (23503).
        public static let foreignKeyViolation = Category("foreign key violation")
        /// A NOT NULL constraint refused the row (23502).
        public static let notNullViolation = Category("not-null violation")
        /// A CHECK constraint refused the row (23514).
        public static let checkViolation = Category("check violation")
        /// Another integrity constraint (exclusion, restrict) refused the change (class 23).
        public static let constraintViolation = Category("constraint violation")
        /// A concurrent transaction made this one impossible to serialize (40001); retried by `write` and `read`.
        public static let serializationFailure = Category("serialization failure")
        /// The transaction was chosen to break a deadlock (40P01); retried by `write` and `read`.
        public static let deadlock = Category("deadlock")
        /// The SQL text is not valid SQL (42601).
        public static let syntax = Category("syntax error")
        /// The statement names a table, column, function or type that does not exist (42P01, 42703, 42883, 42704).
        public static let undefinedObject = Category("undefined object")
        /// The database user may not do this (42501).
        public static let insufficientPrivilege = Category("insufficient privilege")
        /// A value does not fit its type (class 22: bad input syntax, out of range, too long).
        public static let invalidData = Category("invalid data")
        /// The statement was cancelled: a statement or lock timeout, or a cancel request (57014, 55P03).
        public static let canceled = Category("canceled")
        /// A write in a read-only transaction (25006).
        public static let readOnlyTransaction = Category("read-only transaction")
        /// Any other server failure.
        public static let server = Category("server error")
        /// No pooled connection became free within the checkout timeout.
        public static let poolTimeout = Category("pool timeout")
        /// An argument PostgreSQL cannot take (text with a NUL character, a date out of range).
        public static let invalidArgument = Category("invalid argument")
        /// A row column is missing or cannot be read as the type asked for.
        public static let decoding = Category("decoding")
        /// The API was used wrongly: a connection outside its closure, a transaction inside a transaction.
        public static let misuse = Category("misuse")
        /// A connection URL or keyword string that cannot be used.
        public static let invalidURL = Category("invalid URL")
        /// A migration list that cannot be applied (a duplicate name, a migration edited after it was applied).
        public static let migration = Category("migration")

        /// The category of an SQLSTATE.
        init(sqlState: String) {
            switch sqlState {
            case "23505": self = .uniqueViolation
            case "23503": self = .foreignKeyViolation
            case "23502": self = .notNullViolation
            case "23514": self = .checkViolation
            case "40001": self = .serializationFailure
            case "40P01": self = .deadlock
            case "42601": self = .syntax
            case "42P01", "42703", "42883", "42704", "3F000", "3D000": self = .undefinedObject
            case "42501": self = .insufficientPrivilege
            case "57014", "55P03": self = .canceled
            case "25006": self = .readOnlyTransaction
            case "57P01", "57P02", "57P03": self = .connection
            default:
                switch sqlState.prefix(2) {
                case "08": self = .connection
                case "28": self = .authentication
                case "23": self = .constraintViolation
                case "22": self = .invalidData
                default: self = .server
                }
            }
        }
    }
}
