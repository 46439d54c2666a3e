import Dispatch
import Foundation

/// The one writer connection, with group commit.
///
/// Callers enqueue their write closures. One thread at a time drains the queue: a caller that finds no
/// drainer becomes it (sync callers, so a lone write runs on its own thread with no hop), otherwise a
/// drain is scheduled on `queue`. The drainer takes everything pending (up to `maximumBatch`) and runs it in
/// ONE transaction, each closure inside its own savepoint: a closure that throws rolls back only its own
/// changes. One COMMIT (one fsync with synchronous=FULL) then acknowledges them all; only then do their
/// callers resume. Writes that arrive during that fsync form the next batch, so concurrent writers share
/// fsyncs instead of queueing for one each.
// @unchecked Sendable: `pending`, `isDraining` and `drainer` are only touched under `lock`; the connection only by
// the single draining thread.
final class Writer: @unchecked Sendable {
    private let connection: DatabaseConnection
    private let maximumBatch: Int
    private let lock = NSLock()
    private var pending: [WriteRequest] = []
    private var isDraining = false
    private var drainer: pthread_t?
    private let queue = DispatchQueue(label: "recover.database.writer")
    private var statistics = WriteStatistics()

    /// Writes and commits so far.
    var currentStatistics: WriteStatistics { lock.withLock { statistics } }

    /// The recorder each write starts with (``DatabaseConnection/changeRecorder``).
    private let recorder: (any ChangeRecorder)?

    init(connection: DatabaseConnection, maximumBatch: Int, recorder: (any ChangeRecorder)?) {
        self.connection = connection
        self.recorder = recorder
        self.maximumBatch = max(1, maximumBatch)
    }

    /// Runs `body` in a write transaction (shared with concurrent writes) and returns after the commit.
    func write<T>(kind: WriteRequest.Kind = .transaction, _ body: (DatabaseConnection) throws -> T) throws -> T {
        try checkNotNested()
        return try withoutActuallyEscaping(body) { escapable in
            let outcome = WriteOutcome<T>()
            let semaphore = DispatchSemaphore(value: 0)
            let request = WriteRequest(
                kind: kind,
                job: { connection in
                    do {
                        outcome.value = try escapable(connection)
                        return nil
                    } catch {
                        return error
                    }
                },
                done: { _ in semaphore.signal() })
            if enqueue(request) { drain(leader: request) }
            semaphore.wait()
            if let failure = request.failure { throw failure }
            guard let value = outcome.value else {
                throw DatabaseError(code: .internal, message: "a write finished without a value")
            }
            return value
        }
    }

    /// Async form: the caller's task is suspended, never blocked, while the write waits and commits.
    func write<T: Sendable>(_ body: @escaping @Sendable (DatabaseConnection) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let outcome = WriteOutcome<T>()
            let request = WriteRequest(
                kind: .transaction,
                job: { connection in
                    do {
                        outcome.value = try body(connection)
                        return nil
                    } catch {
                        return error
                    }
                },
                done: { request in
                    if let failure = request.failure {
                        continuation.resume(throwing: failure)
                    } else if let value = outcome.value {
                        continuation.resume(returning: value)
                    } else {
                        continuation.resume(
                            throwing: DatabaseError(code: .internal, message: "a write finished without a value"))
                    }
                })
            if enqueue(request) { queue.async { self.drain() } }
        }
    }

    /// A write closure calling `write` again would wait for itself forever.
    private func checkNotNested() throws {
        let nested = lock.withLock { drainer.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
        if nested {
            throw DatabaseError(
                code: .misuse, message: "write called inside a write closure; use the connection you were given")
        }
    }

    /// Adds a request; returns true if the caller must drain (no one else is).
    private func enqueue(_ request: WriteRequest) -> Bool {
        lock.withLock {
            pending.append(request)
            if isDraining { return false }
            isDraining = true
            return true
        }
    }

    /// Runs batches until the queue is empty, or, for a sync caller (`leader`), until its own write is done:
    /// then any remaining work is handed to `queue` so one caller never serves the others indefinitely.
    private func drain(leader: WriteRequest? = nil) {
        lock.withLock { drainer = pthread_self() }
        while let batch = nextBatch() {
            connection.isLent = true
            run(batch)
            connection.isLent = false
            if let leader, leader.isFinished {
                let handOff = lock.withLock {
                    drainer = nil
                    if pending.isEmpty {
                        isDraining = false
                        return false
                    }
                    return true
                }
                if handOff { queue.async { self.drain() } }
                return
            }
        }
    }

    private func nextBatch() -> [WriteRequest]? {
        lock.withLock {
            guard !pending.isEmpty else {
                isDraining = false
                drainer = nil
                return nil
            }
            var count = min(maximumBatch, pending.count)
            if let exclusive = pending.prefix(count).firstIndex(where: { $0.kind == .exclusive }) {
                count = max(exclusive, 1)  // an exclusive request runs alone, in queue order
            }
            let batch = Array(pending.prefix(count))
            pending.removeFirst(count)
            return batch
        }
    }

    private func run(_ batch: [WriteRequest]) {
        if batch.count == 1, let only = batch.first, only.kind == .exclusive {
            _ = only.run(on: connection, recorder: recorder)
            only.finish()
            return
        }
        do {
            try connection.executeUnchecked("BEGIN IMMEDIATE")
        } catch {
            batch.forEach { $0.finish(overriding: error) }
            return
        }
        var succeeded: [WriteRequest] = []
        for (index, request) in batch.enumerated() {
            if batch.count == 1 ? request.run(on: connection, recorder: recorder) : runInSavepoint(request) {
                succeeded.append(request)
            } else {
                request.finish()
            }
            if batch.count == 1, request.isFinished {
                // A lone write that threw: undo it whole, no savepoint needed.
                if connection.isInsideTransaction { try? connection.executeUnchecked("ROLLBACK") }
                return
            }
            if !connection.isInsideTransaction {
                // SQLite rolled the whole transaction back (disk full, I/O error): the writes that had
                // succeeded are gone, and the rest must not run in autocommit mode.
                let lost = DatabaseError(code: .abort, message: "the transaction was rolled back by SQLite; retry")
                succeeded.forEach { $0.finish(overriding: lost) }
                let rest = Array(batch[(index + 1)...])
                if !rest.isEmpty { run(rest) }
                return
            }
        }
        do {
            try connection.executeUnchecked("COMMIT")
            lock.withLock {
                statistics.commits += 1
                statistics.committedWrites += succeeded.count
            }
            succeeded.forEach { $0.finish() }
        } catch {
            if connection.isInsideTransaction { try? connection.executeUnchecked("ROLLBACK") }
            succeeded.forEach { $0.finish(overriding: error) }
        }
    }

    /// Runs one request in its own savepoint: if it throws, only its changes are undone.
    private func runInSavepoint(_ request: WriteRequest) -> Bool {
        do {
            try connection.executeUnchecked("SAVEPOINT write_request")
        } catch {
            request.fail(error)
            return false
        }
        let succeeded = request.run(on: connection, recorder: recorder)
        guard connection.isInsideTransaction else { return succeeded }
        if !succeeded { try? connection.executeUnchecked("ROLLBACK TO write_request") }
        try? connection.executeUnchecked("RELEASE write_request")
        return succeeded
    }
}
