import Dispatch

/// One caller's write waiting for the writer: its closure, then its outcome once the commit is known.
// @unchecked Sendable: `job` and `failure` are set by the submitting thread before it enqueues the request under
// the writer's lock, then touched only by the one thread draining the batch; `finish` hands the request back
// through a semaphore or a continuation, which orders those accesses.
final class WriteRequest: @unchecked Sendable {
    /// How the closure is run.
    enum Kind {
        /// Inside the shared transaction, in a savepoint of its own.
        case transaction
        /// Alone, outside any transaction (migrations manage their own).
        case exclusive
    }

    let kind: Kind
    /// Runs the caller's closure and keeps its value; returns the error it threw, if any. Set to nil as soon
    /// as it has run, so a non-escaping closure wrapped in it is released before its caller resumes.
    private var job: ((DatabaseConnection) -> (any Error)?)?
    /// An error that overrides the closure's own outcome (the commit failed).
    private(set) var failure: (any Error)?
    private let done: (WriteRequest) -> Void

    init(kind: Kind, job: @escaping (DatabaseConnection) -> (any Error)?, done: @escaping (WriteRequest) -> Void) {
        self.kind = kind
        self.job = job
        self.done = done
    }

    /// Runs the closure once; returns whether it succeeded.
    func run(on connection: DatabaseConnection, recorder: (any ChangeRecorder)?) -> Bool {
        connection.changeRecorder = recorder
        let error = job?(connection)
        job = nil
        if let error { failure = error }
        return error == nil
    }

    /// Records an error without reporting yet.
    func fail(_ error: any Error) {
        job = nil
        if failure == nil { failure = error }
    }

    /// Whether the caller has been told the outcome (read by the draining thread only).
    private(set) var isFinished = false

    /// Reports the outcome to the caller once; `error` replaces a success (the transaction did not commit).
    func finish(overriding error: (any Error)? = nil) {
        guard !isFinished else { return }
        if let error { fail(error) }
        job = nil
        isFinished = true
        done(self)
    }
}

/// A value handed from the draining thread to the waiting caller.
// @unchecked Sendable: written once by the draining thread before the request finishes, read by the caller after.
final class WriteOutcome<T>: @unchecked Sendable {
    var value: T?
}
