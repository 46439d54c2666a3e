import Foundation

/// Settings of a ``Database``; the defaults favour durability and safety over speed.
public struct DatabaseConfiguration: Hashable, Sendable {
    /// When a commit counts as durable.
    public enum Durability: Hashable, Sendable {
        /// `synchronous=FULL`: every commit is fsynced before `write` returns, so an acknowledged write
        /// survives a power cut. The default.
        case full
        /// `synchronous=NORMAL`: in WAL mode a commit survives a crash of the process but the last
        /// commits may be lost on power failure or an OS crash. About 8x faster for small writes.
        case normal

        var pragmaValue: String {
            switch self {
            case .full: "FULL"
            case .normal: "NORMAL"
            }
        }
    }

    /// When a commit counts as durable; `.full` by default.
    public var durability: Durability
    /// The most reader connections open at once (WAL readers run beside the one writer).
    public var maximumReaderCount: Int
    /// The most concurrent writes that may share one transaction and its commit (group commit); 1 turns
    /// grouping off.
    public var maximumWritesPerCommit: Int
    /// The page cache of each connection, in KiB (SQLite's default is 2,000): pages read again come from the
    /// connection's memory instead of a `pread` into the operating system's cache for each.
    public var cacheKibibytes = 65_536
    /// The writer connection's page cache, in KiB. Smaller than the readers': at every COMMIT SQLite walks the
    /// writer's page-cache hash table (`pager_end_transaction` truncating the cache to the file's size), whose
    /// length follows the pages cached, and the writes touch few pages each.
    public var writerCacheKibibytes = 8_192
    /// Bytes of the file each connection maps into memory for reading; 0 (the default) maps none, so that a
    /// failing disk is a read error rather than a signal that kills the server.
    public var mappedBytes = 0
    /// How long a statement waits for a lock held by another process (for example the `recover` tool
    /// beside a running server) before failing with `.busy`.
    public var busyTimeout: TimeInterval

    /// Settings with the given values.
    public init(
        durability: Durability = .full, maximumReaderCount: Int = 4, maximumWritesPerCommit: Int = 64,
        busyTimeout: TimeInterval = 5
    ) {
        self.durability = durability
        self.maximumReaderCount = max(1, maximumReaderCount)
        self.maximumWritesPerCommit = max(1, maximumWritesPerCommit)
        self.busyTimeout = busyTimeout
    }
}
