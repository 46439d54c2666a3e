/// How the HTTP transport listens. What each route accepts (its body limit) is its group's
/// (``Router/group(_:access:bodyLimit:_:)``).
public struct ServerConfiguration: Sendable {
    /// An IPv4 or IPv6 literal to listen on.
    public var host = "127.0.0.1"
    /// The port; 0 picks a free one (read it back from ``HTTPServer/port``).
    public var port: UInt16 = 8080
    /// Worker threads answering requests (handlers run on them, synchronously).
    public var threads = 4
    /// Open connections at most.
    public var connectionLimit = 512
    /// Seconds an idle connection stays open.
    public var connectionTimeout = 30
    /// Bytes per connection for the request line and headers (libmicrohttpd answers 431/413 above).
    public var headerMemoryLimit = 32 * 1024
    /// PEM certificate and key for TLS, both or neither.
    public var tlsCertificatePEM: String?
    public var tlsKeyPEM: String?

    public init() {}

    /// Whether the server speaks TLS.
    public var usesTLS: Bool { tlsCertificatePEM != nil && tlsKeyPEM != nil }
}
