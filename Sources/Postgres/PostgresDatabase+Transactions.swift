import Foundation

extension PostgresDatabase {
    enum TransactionKind {
        case read, write
    }

    /// What one attempt at a transaction came to.
    private enum Attempt<T> {
        case committed(T)
        /// A serialization failure, a deadlock or a stale prepared statement: everything was rolled back, run
        /// it again.
        case retry
        /// The pooled connection was found dead before anything ran: take another one.
        case reconnect(PostgresError)
    }

    /// Runs `body` in a transaction on a pooled connection, again on a transient failure.
    func transaction<T>(
        _ kind: TransactionKind, isolation: IsolationLevel, _ body: (PostgresConnection) throws -> T
    ) throws -> T {
        try insideScope {
            let begin = "BEGIN ISOLATION LEVEL \(isolation.rawValue) \(kind == .read ? "READ ONLY" : "READ WRITE")"
            var attempts = 0
            var reconnected = false
            while true {
                if kind == .read {
                    counters.reads.add(1, ordering: .relaxed)
                } else {
                    counters.writes.add(1, ordering: .relaxed)
                }
                attempts += 1
                let connection = try pool.checkOut()
                let outcome: Attempt<T>
                do {
                    defer { pool.checkIn(connection) }
                    outcome = try attempt(
                        body, on: connection, begin: begin, mayRetry: attempts < configuration.maximumAttempts)
                }
                switch outcome {
                case .committed(let value):
                    return value
                case .reconnect(let error):
                    // Once only: a second dead connection in a row means the server is gone, not one session.
                    guard !reconnected else { throw error }
                    reconnected = true
                    attempts -= 1
                case .retry:
                    counters.retries.add(1, ordering: .relaxed)
                    // A short random pause, growing with each attempt, so the two sides of a conflict do not
                    // collide again at once.
                    Thread.sleep(forTimeInterval: Double.random(in: 0...0.002) * Double(attempts))
                }
            }
        }
    }

    private func attempt<T>(
        _ body: (PostgresConnection) throws -> T, on connection: PostgresConnection, begin: String, mayRetry: Bool
    ) throws -> Attempt<T> {
        connection.lastServerError = nil
        connection.droppedStalePreparedStatement = false
        connection.changeRecorder = begin.hasSuffix("READ WRITE") ? changeRecorder : nil
        do {
            try connection.executeUnchecked(begin)
        } catch let error as PostgresError where error.category == .connection && connection.isBroken {
            return .reconnect(error)
        }
        do {
            connection.isLent = true
            defer { connection.isLent = false }
            let value = try body(connection)
            if connection.hasFailedTransaction {
                // The closure caught a statement's error and went on: COMMIT would silently roll back.
                throw connection.lastServerError
                    ?? PostgresError(category: .misuse, message: "a statement of the transaction failed")
            }
            try connection.executeUnchecked("COMMIT")
            return .committed(value)
        } catch {
            if connection.isInsideTransaction { _ = try? connection.executeUnchecked("ROLLBACK") }
            if mayRetry, connection.lastServerError?.isTransient == true || connection.droppedStalePreparedStatement {
                return .retry
            }
            throw error
        }
    }

    /// Runs `body` marked as inside a transaction of this database; refuses to nest.
    func insideScope<T>(_ body: () throws -> T) throws -> T {
        let id = ObjectIdentifier(self)
        guard !TransactionScope.databases.contains(id) else {
            throw PostgresError(
                category: .misuse,
                message: "a transaction or connection of this database was asked for inside another one; "
                    + "use the connection you were given")
        }
        return try TransactionScope.$databases.withValue(TransactionScope.databases.union([id]), operation: body)
    }
}

/// The databases whose closures the current thread or task is inside.
enum TransactionScope {
    @TaskLocal static var databases: Set<ObjectIdentifier> = []
}
