import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The transport's deadlines that do not restart with every byte, and its count of open connections.
///
/// libmicrohttpd's own timeout is an idle timeout: a client that sends a byte every few seconds keeps a
/// connection forever. The guard keeps every open connection's ``ConnectionState`` and a watchdog thread looks
/// at them four times a second; a connection past its deadline has its socket shut down (`shutdown(2)`, both
/// ways), which libmicrohttpd's worker sees as the client going away: it ends the request (the request-completed
/// callback runs, a spooled body's file goes) and closes the connection on its own thread, as for any client
/// that leaves. The watchdog never touches libmicrohttpd's structures.
///
/// Deadlines: the request line and headers within ``ServerConfiguration/headerTimeout`` (or
/// ``ServerConfiguration/reservedHeaderTimeout`` on a reserved connection) of the connection's opening or the
/// previous response; the body at ``ServerConfiguration/minimumBodyRate`` on average after a grace of the header
/// timeout. None while the application answers or the response is sent (there the idle timeout applies), nor
/// while what the client sent waits unread because the connection's worker thread is busy with another one.
///
/// Why the socket cannot be another connection's: the watchdog shuts sockets down only while it holds the lock,
/// and a connection leaves the table under the same lock in the connection-closed callback, which libmicrohttpd
/// calls before it closes the socket. So a socket number the watchdog uses is still that connection's.
final class ConnectionGuard: Sendable {
    private let headerMilliseconds: Int
    private let reservedHeaderMilliseconds: Int
    private let minimumBodyRate: Int
    private let ordinaryLimit: Int
    private let open = Mutex<[ObjectIdentifier: ConnectionState]>([:])
    private let running = Atomic<Bool>(true)
    /// Connections the watchdog has cut, since the start.
    let cut = Atomic<Int>(0)

    init(configuration: ServerConfiguration) {
        headerMilliseconds = configuration.headerTimeout * 1000
        reservedHeaderMilliseconds = configuration.reservedHeaderTimeout * 1000
        minimumBodyRate = configuration.minimumBodyRate
        ordinaryLimit = configuration.connectionLimit
    }

    /// Starts the watchdog thread; it ends after ``stop()``.
    func start() {
        let thread = Thread { [self] in
            while running.load(ordering: .acquiring) {
                sweep(now: ConnectionState.milliseconds())
                usleep(250_000)
            }
        }
        thread.name = "recover.connection-guard"
        thread.start()
    }

    /// Stops the watchdog.
    func stop() { running.store(false, ordering: .releasing) }

    /// A connection opened on `socket`: its state, reserved when the ordinary connections are all taken.
    func opened(socket: Int32) -> ConnectionState {
        open.withLock { table in
            let state = ConnectionState(socket: socket, isReserved: table.count >= ordinaryLimit)
            table[ObjectIdentifier(state)] = state
            return state
        }
    }

    /// The connection of `state` is closing (its socket is still open).
    func closed(_ state: ConnectionState) {
        _ = open.withLock { $0.removeValue(forKey: ObjectIdentifier(state)) }
    }

    /// The connections open now.
    var count: Int { open.withLock { $0.count } }

    /// Shuts down the sockets of connections past their deadline.
    func sweep(now: Int) {
        open.withLock { table in
            for state in table.values
            where !state.isCut.load(ordering: .relaxed) && isOverdue(state, now: now) && !hasUnreadBytes(state) {
                state.isCut.store(true, ordering: .relaxed)
                cut.add(1, ordering: .relaxed)
                shutdown(state.socket, Int32(SHUT_RDWR))
            }
        }
    }

    /// Whether bytes the client sent wait in the socket's receive queue: the client is not late, the server is
    /// (its worker thread answers another connection's slow request, a password hash or a database wait), so
    /// the deadline is not the client's to miss. A connection cut for that answered nothing at all: behind a
    /// proxy, a request that was committed and then reported as a 502.
    func hasUnreadBytes(_ state: ConnectionState) -> Bool {
        var waiting: Int32 = 0
        return ioctl(state.socket, UInt(FIONREAD), &waiting) == 0 && waiting > 0
    }

    /// Whether `state` is past the deadline of its phase at `now` (milliseconds).
    func isOverdue(_ state: ConnectionState, now: Int) -> Bool {
        let (phase, since) = state.phase
        let elapsed = now - since
        switch phase {
        case .awaitingHead:
            return elapsed > (state.isReserved ? reservedHeaderMilliseconds : headerMilliseconds)
        case .receivingBody:
            guard minimumBodyRate > 0, elapsed > headerMilliseconds else { return false }
            let allowed =
                Double(headerMilliseconds) + Double(state.bodyBytes.load(ordering: .relaxed)) * 1000
                / Double(minimumBodyRate)
            return Double(elapsed) > allowed
        case .answering:
            return false
        }
    }
}
