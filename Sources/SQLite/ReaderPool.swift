import Dispatch
import Foundation

/// Reader connections, opened on demand up to a limit and reused.
// @unchecked Sendable: `idle` is only touched under `lock`, and each connection is used by one
// thread at a time (it is out of `idle` while lent).
final class ReaderPool: @unchecked Sendable {
    private let path: String
    private let configuration: DatabaseConfiguration
    private let lock = NSLock()
    private let available: DispatchSemaphore
    private var idle: [DatabaseConnection] = []
    private let counters: ActivityCounters

    init(path: String, configuration: DatabaseConfiguration, counters: ActivityCounters) {
        self.path = path
        self.counters = counters
        self.configuration = configuration
        available = DispatchSemaphore(value: configuration.maximumReaderCount)
    }

    /// Lends a connection to `body`, waiting while all readers are busy.
    func withConnection<T>(_ body: (DatabaseConnection) throws -> T) throws -> T {
        available.wait()
        defer { available.signal() }
        let connection = try takeOut()
        connection.isLent = true
        defer {
            connection.isLent = false
            putBack(connection)
        }
        return try body(connection)
    }

    private func takeOut() throws -> DatabaseConnection {
        let reused: DatabaseConnection? = lock.withLock { idle.popLast() }
        if let reused { return reused }
        return try DatabaseConnection(path: path, configuration: configuration, isReader: true, counters: counters)
    }

    private func putBack(_ connection: DatabaseConnection) {
        lock.withLock { idle.append(connection) }
    }
}
