import Dispatch
import Synchronization

/// What the transport keeps about one TCP connection between libmicrohttpd's callbacks (a connection carries
/// one request after another): created when the connection opens (`MHD_OPTION_NOTIFY_CONNECTION`), reached
/// through the connection's socket context, released when it closes.
///
/// The worker thread that owns the connection writes it; the ``ConnectionGuard``'s watchdog reads the phase
/// and the body's progress from its own thread, so those are atomics.
final class ConnectionState: Sendable {
    /// Where the connection is in its current request, for the deadlines.
    enum Phase: Int {
        /// Waiting for a request line and headers: since the connection opened or the previous response.
        case awaitingHead = 0
        /// Headers complete, the body arriving: since the end of the headers.
        case receivingBody = 1
        /// The application answers, or the response is being sent (only the idle timeout applies).
        case answering = 2
    }

    /// The connection's socket (for the watchdog's `shutdown`).
    let socket: Int32
    /// Whether the connection was opened beyond the ordinary limit, in the reserve for health checks.
    let isReserved: Bool
    /// The phase and when it began, as one value so the watchdog never sees one without the other:
    /// milliseconds of the monotonic clock shifted left by 2, the phase in the low bits.
    private let timing: Atomic<Int>
    /// Body bytes received in the current request.
    let bodyBytes = Atomic<Int>(0)
    /// Set (under the guard's lock) once the watchdog has shut the socket down.
    let isCut = Atomic<Bool>(false)
    /// The length in bytes of the current request's target as it came (the URI log callback sees it before
    /// libmicrohttpd decodes it in place), or -1 before the request line has arrived.
    let rawTargetLength = Atomic<Int>(-1)
    /// Whether the current request's raw target holds what no target may: `%00` (a NUL once decoded, which
    /// would cut the path short), a control character or a space.
    let rawTargetRefused = Atomic<Bool>(false)

    init(socket: Int32, isReserved: Bool, now: Int = ConnectionState.milliseconds()) {
        self.socket = socket
        self.isReserved = isReserved
        timing = Atomic(now << 2 | Phase.awaitingHead.rawValue)
    }

    /// Milliseconds of the monotonic clock.
    static func milliseconds() -> Int { Int(DispatchTime.now().uptimeNanoseconds / 1_000_000) }

    /// The current phase and when it began (milliseconds).
    var phase: (Phase, since: Int) {
        let value = timing.load(ordering: .acquiring)
        return (Phase(rawValue: value & 3) ?? .answering, value >> 2)
    }

    /// Enters `phase` now.
    func enter(_ phase: Phase, now: Int = ConnectionState.milliseconds()) {
        if phase == .receivingBody { bodyBytes.store(0, ordering: .relaxed) }
        timing.store(now << 2 | phase.rawValue, ordering: .releasing)
    }

    /// Records the raw target of a new request.
    func requestLine(target: UnsafeRawBufferPointer) {
        rawTargetLength.store(target.count, ordering: .relaxed)
        rawTargetRefused.store(Self.refuses(target), ordering: .relaxed)
    }

    /// Whether `target` has `%00`, a control character, a space or DEL.
    static func refuses(_ target: UnsafeRawBufferPointer) -> Bool {
        for (index, byte) in target.enumerated() {
            if byte <= 0x20 || byte == 0x7F { return true }
            if byte == UInt8(ascii: "%"), index + 2 < target.count, target[index + 1] == UInt8(ascii: "0"),
                target[index + 2] == UInt8(ascii: "0")
            {
                return true
            }
        }
        return false
    }
}
