import Synchronization

/// What the transport keeps about one TCP connection between libmicrohttpd's callbacks (a connection carries
/// one request after another): created when the connection opens (`MHD_OPTION_NOTIFY_CONNECTION`), reached
/// through the connection's socket context, released when it closes.
final class ConnectionState: Sendable {
    /// The length in bytes of the current request's target as it came (the URI log callback sees it before
    /// libmicrohttpd decodes it in place), or -1 before the request line has arrived.
    let rawTargetLength = Atomic<Int>(-1)
    /// Whether the current request's raw target holds what no target may: `%00` (a NUL once decoded, which
    /// would cut the path short), a control character or a space.
    let rawTargetRefused = Atomic<Bool>(false)

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
