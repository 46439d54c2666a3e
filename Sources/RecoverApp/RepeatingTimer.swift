import Dispatch
import Synchronization

/// A background job's rounds on a queue of its own: the first one second after ``start(every:_:)``, then every
/// `interval` seconds; started at most once; ``cancel()`` (or release) ends them, and a round under way finishes.
/// The outbox's sender and the reminder scheduler run on one each.
final class RepeatingTimer: Sendable {
    /// The queue the rounds run on, for other work of the same job (the relay check).
    let queue: DispatchQueue
    // nonisolated(unsafe): a dispatch source is safe to use from any thread (libdispatch's contract); it is
    // scheduled once, in start(every:_:), and cancelled in cancel() or when released.
    nonisolated(unsafe) private let source: any DispatchSourceTimer
    private let started = Mutex(false)

    /// A timer whose rounds run on a queue named `label`.
    init(label: String) {
        queue = DispatchQueue(label: label)
        source = DispatchSource.makeTimerSource(queue: queue)
        // Resumed at once and unscheduled, so it never fires until started: libdispatch must never release a
        // suspended source (the app is built, and released, by every test fixture).
        source.resume()
    }

    deinit { source.cancel() }

    /// Runs `round` every `interval` seconds from one second from now; false (and nothing) when already started.
    @discardableResult
    func start(every interval: Int, _ round: @escaping @Sendable () -> Void) -> Bool {
        let first = started.withLock { was in
            defer { was = true }
            return !was
        }
        guard first else { return false }
        source.setEventHandler(handler: round)
        source.schedule(deadline: .now() + 1, repeating: .seconds(interval))
        return true
    }

    /// Ends the rounds.
    func cancel() { source.cancel() }
}
