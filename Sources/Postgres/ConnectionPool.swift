import Foundation

/// Connections to one database, opened on demand up to a limit, reused, and replaced when broken.
///
/// A caller that finds every connection in use waits up to the checkout timeout for one to come back.
/// A connection comes back reusable only if it is open and idle; otherwise (it broke, or it failed in the
/// middle of a transaction) it is closed and its place freed for a new one.
// @unchecked Sendable: `idle`, `openCount` and `isClosed` are only touched while `condition` is locked, and a
// connection out of `idle` belongs to the one caller it was lent to.
final class ConnectionPool: @unchecked Sendable {
    private let condition = NSCondition()
    private var idle: [PostgresConnection] = []
    /// Connections lent, idle, or being opened.
    private var openCount = 0
    private var isClosed = false
    private let maximumCount: Int
    private let timeout: TimeInterval
    private let open: @Sendable () throws -> PostgresConnection

    init(maximumCount: Int, timeout: TimeInterval, open: @escaping @Sendable () throws -> PostgresConnection) {
        self.maximumCount = maximumCount
        self.timeout = timeout
        self.open = open
    }

    /// A connection for the caller alone, waiting while all are in use; `.poolTimeout` after the timeout.
    func checkOut() throws -> PostgresConnection {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        while true {
            guard !isClosed else {
                condition.unlock()
                throw PostgresError(category: .misuse, message: "the database was closed")
            }
            if let connection = idle.popLast() {
                condition.unlock()
                if connection.isReusable { return connection }
                // Broken while idle (the server restarted, or ended the session): replace it.
                condition.lock()
                openCount -= 1
                continue
            }
            if openCount < maximumCount {
                openCount += 1
                condition.unlock()
                do {
                    return try open()
                } catch {
                    condition.lock()
                    openCount -= 1
                    condition.signal()
                    condition.unlock()
                    throw error
                }
            }
            guard condition.wait(until: deadline) else {
                condition.unlock()
                throw PostgresError(
                    category: .poolTimeout,
                    message: "no database connection became free within \(timeout) s (all \(maximumCount) are in use)")
            }
        }
    }

    /// Gives a connection back; one that is not reusable is closed and its place freed.
    func checkIn(_ connection: PostgresConnection) {
        let reusable = connection.isReusable
        condition.lock()
        if reusable && !isClosed {
            idle.append(connection)
        } else {
            openCount -= 1
        }
        condition.signal()
        condition.unlock()
    }

    /// Closes the idle connections; those lent are closed when they come back. Later checkouts fail.
    func close() {
        condition.lock()
        isClosed = true
        openCount -= idle.count
        idle.removeAll()
        condition.broadcast()
        condition.unlock()
    }
}
