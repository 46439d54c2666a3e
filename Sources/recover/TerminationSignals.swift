import Foundation
import RecoverData
import Synchronization

/// The write end of the self-pipe that ``terminationSignalHandler`` writes to.
// Written once in `TerminationSignals.init` before the handler is installed; only read afterwards.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// The C signal handler: async-signal-safe, it only writes the signal number to the self-pipe.
private func terminationSignalHandler(_ number: Int32) {
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(signalPipeWriteEnd, &byte, 1)
}

/// SIGTERM and SIGINT as one awaitable event.
///
/// The handler is installed synchronously with `signal(2)` and writes to a self-pipe that a
/// dedicated thread reads, so a signal sent right after the server announces itself is never
/// lost. (Dispatch signal sources register asynchronously: a signal arriving between `SIG_IGN`
/// and the registration was dropped, and the server then never stopped.)
final class TerminationSignals: Sendable {
    private enum State {
        case waiting(CheckedContinuation<String, Never>?)
        case received(String)
    }

    private let state = Mutex(State.waiting(nil))

    /// Installs the handlers for SIGTERM and SIGINT and starts the thread that reports them.
    init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            signalPipeWriteEnd = ends[1]
            signal(SIGTERM, terminationSignalHandler)
            signal(SIGINT, terminationSignalHandler)
        }
        let readEnd = ends[0]
        let thread = Thread { [self] in
            var byte: UInt8 = 0
            while true {
                let count = read(readEnd, &byte, 1)
                if count == 1 { break }
                if count < 0 && errno == EINTR { continue }
                return
            }
            self.receive(Int32(byte) == SIGINT ? "SIGINT" : "SIGTERM")
        }
        thread.name = "recover.signals"
        thread.start()
    }

    private func receive(_ name: String) {
        let waiter: CheckedContinuation<String, Never>? = state.withLock { state in
            guard case .waiting(let continuation) = state else { return nil }
            state = .received(name)
            return continuation
        }
        waiter?.resume(returning: name)
    }

    /// The name of the first signal received, waiting for it if needed.
    func next() async -> String {
        await withCheckedContinuation { continuation in
            let already: String? = state.withLock { state in
                if case .received(let name) = state { return name }
                state = .waiting(continuation)
                return nil
            }
            if let already { continuation.resume(returning: already) }
        }
    }
}
