/// The key of a PostgreSQL advisory lock: one 64-bit number, shared by every session of the database.
///
/// Name keys after what they guard (`AdvisoryLockKey(name: "sessions.purge")`); the name is hashed
/// (FNV-1a, 64 bits), so the same name gives the same key in every instance and every version.
public struct AdvisoryLockKey: Hashable, Sendable {
    /// The number PostgreSQL locks.
    public let value: Int64

    /// A key from its number.
    public init(_ value: Int64) { self.value = value }

    /// The key of a name.
    public init(name: String) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        value = Int64(bitPattern: hash)
    }
}

extension PostgresConnection {
    /// Waits for the advisory lock `key` and holds it until the transaction ends: serialises one kind of
    /// change (appends to the audit chain) across every instance.
    public func lockUntilTransactionEnds(_ key: AdvisoryLockKey) throws {
        try execute("SELECT pg_advisory_xact_lock($1)", [key.value])
    }

    /// Takes the advisory lock `key` until the transaction ends if no other session holds it; false if one does.
    public func tryLockUntilTransactionEnds(_ key: AdvisoryLockKey) throws -> Bool {
        try queryOne("SELECT pg_try_advisory_xact_lock($1) AS locked", [key.value])?.bool("locked") ?? false
    }
}

extension PostgresDatabase {
    /// Runs `body` while holding the advisory lock `key`, so that of several instances only one runs it at a
    /// time ("run once across instances" background work: purging sessions, sending messages).
    ///
    /// Without `waiting`, returns nil at once when another session holds the lock; with it, waits for the
    /// lock. The lock is held by a connection of its own, outside the pool, so `body` may use ``write`` and
    /// ``read`` freely; it lasts as long as that connection, so work that must never run twice also needs an
    /// effect that is safe to repeat.
    public func withAdvisoryLock<T>(_ key: AdvisoryLockKey, waiting: Bool = false, _ body: () throws -> T) throws
        -> T?
    {
        let connection = try openDedicatedConnection()
        if waiting {
            try connection.execute("SELECT pg_advisory_lock($1)", [key.value])
        } else {
            let row = try connection.queryOne("SELECT pg_try_advisory_lock($1) AS locked", [key.value])
            guard try row?.bool("locked") == true else { return nil }
        }
        defer { _ = try? connection.execute("SELECT pg_advisory_unlock($1)", [key.value]) }
        return try body()
    }
}
