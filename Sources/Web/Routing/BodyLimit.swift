/// How large a request body a route accepts, and whether it is kept in memory or streamed to a temporary
/// file. Above the limit the body is discarded and ``BodyLimitMiddleware`` answers 413: before the body is
/// read when `Content-Length` says so, at its end for a chunked body.
///
/// ```swift
/// router.group(access: .participant, bodyLimit: .spooled(50 << 20, spooling)) { uploads in ... }
/// router.group("/api", bodyLimit: 64 * 1024) { api in ... }
/// ```
public struct BodyLimit: Sendable, ExpressibleByIntegerLiteral {
    /// Bytes accepted.
    public var bytes: Int
    /// Where bodies go instead of memory (``Request/upload``); `nil` keeps them in ``Request/body``.
    public var spooling: UploadSpooling?

    /// Up to `bytes` in memory.
    public static func bytes(_ bytes: Int) -> BodyLimit { BodyLimit(bytes: bytes, spooling: nil) }

    /// Up to `bytes`, streamed to a temporary file as ``Request/upload``.
    public static func spooled(_ bytes: Int, _ spooling: UploadSpooling) -> BodyLimit {
        BodyLimit(bytes: bytes, spooling: spooling)
    }

    /// A router's limit unless it is given another: 1 MiB in memory.
    public static let `default` = bytes(1024 * 1024)

    /// Up to `value` bytes in memory.
    public init(integerLiteral value: Int) { self = .bytes(value) }

    private init(bytes: Int, spooling: UploadSpooling?) {
        self.bytes = bytes
        self.spooling = spooling
    }
}
