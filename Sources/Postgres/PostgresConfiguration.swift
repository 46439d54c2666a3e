import Foundation

/// Settings of a ``PostgresDatabase``: the pool, transactions and their retries.
public struct PostgresConfiguration: Hashable, Sendable {
    /// The most connections the pool opens at once (each a server process).
    public var maximumConnections: Int
    /// How long `read` and `write` wait for a free connection before failing with `.poolTimeout`.
    public var checkoutTimeout: TimeInterval
    /// How long opening a connection may take, in whole seconds (libpq's `connect_timeout`; a
    /// `connect_timeout` in the URL wins).
    public var connectTimeout: Int
    /// The isolation level of `write`; `.serializable` by default, so concurrent writes behave as SQLite's
    /// one writer does.
    public var writeIsolation: IsolationLevel
    /// The isolation level of `read`; `.repeatableRead` by default: one consistent snapshot.
    public var readIsolation: IsolationLevel
    /// How often a transaction runs at most when it keeps failing with a serialization failure or a deadlock
    /// (1: never again).
    public var maximumAttempts: Int
    /// The longest a statement may run before the server cancels it (`.canceled`); nil for no limit.
    public var statementTimeout: TimeInterval?
    /// Whether statements are prepared once per connection and reused (faster; turn off behind a pooler
    /// in transaction mode).
    public var preparesStatements: Bool
    /// The name the server shows for these connections (`pg_stat_activity.application_name`).
    public var applicationName: String

    /// Settings with the given values.
    public init(
        maximumConnections: Int = 8, checkoutTimeout: TimeInterval = 5, connectTimeout: Int = 10,
        writeIsolation: IsolationLevel = .serializable, readIsolation: IsolationLevel = .repeatableRead,
        maximumAttempts: Int = 5, statementTimeout: TimeInterval? = nil, preparesStatements: Bool = true,
        applicationName: String = "recover"
    ) {
        self.maximumConnections = max(1, maximumConnections)
        self.checkoutTimeout = max(0, checkoutTimeout)
        self.connectTimeout = min(max(1, connectTimeout), 3600)
        self.writeIsolation = writeIsolation
        self.readIsolation = readIsolation
        self.maximumAttempts = max(1, maximumAttempts)
        self.statementTimeout = statementTimeout
        self.preparesStatements = preparesStatements
        self.applicationName = applicationName
    }
}
