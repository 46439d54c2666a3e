import CMicroHTTPD
import Foundation
import Synchronization

/// libmicrohttpd's own messages (a client that left mid-request, a limit reached), passed to the server's
/// ``ServerConfiguration/log`` at most ``burst`` per ten seconds: under a flood of connections, every one
/// refused would be a line, so the rest are counted and the count is logged when the next window opens.
final class TransportLog: Sendable {
    static let burst = 10
    static let window = 10_000

    private let write: @Sendable (String) -> Void
    private let state = Mutex<(start: Int, written: Int, dropped: Int)>((0, 0, 0))

    init(write: @escaping @Sendable (String) -> Void) { self.write = write }

    /// Logs `text` (a message of libmicrohttpd's, never request data) unless this window's lines are used up.
    func message(_ text: String, now: Int = ConnectionState.milliseconds()) {
        var lines: [String] = []
        state.withLock { state in
            if now - state.start >= Self.window {
                if state.dropped > 0 {
                    lines.append("libmicrohttpd: \(state.dropped) more messages in \(Self.window / 1000) s not logged")
                }
                state = (now, 0, 0)
            }
            if state.written < Self.burst {
                state.written += 1
                lines.append("libmicrohttpd: \(text)")
            } else {
                state.dropped += 1
            }
        }
        lines.forEach(write)
    }
}

extension TransportCallbacks {
    /// libmicrohttpd's error log (`MHD_OPTION_EXTERNAL_LOGGER`): the message formatted, then ``TransportLog``.
    static let log: MHD_LogCallback = { context, format, arguments in
        guard let context, let format, let arguments else { return }
        let core = Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue()
        var buffer = [CChar](repeating: 0, count: 512)
        _ = vsnprintf(&buffer, buffer.count, format, arguments)
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        core.log.message(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
