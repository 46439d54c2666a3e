import Foundation

/// How the HTTP transport listens, and how it holds out against slow and many clients. What each route
/// accepts (its body limit) is its group's (``Router/group(_:access:bodyLimit:_:)``).
///
/// Connections are bounded three ways: ``connectionsPerAddress`` from one client address (libmicrohttpd
/// refuses more at once); ``connectionLimit`` in all, plus ``reservedConnections`` kept for
/// ``reservedPaths`` (health checks), so a full server still answers `/healthz`; and in time, by deadlines
/// that do not restart with every byte: the request line and headers within ``headerTimeout``, the body at
/// ``minimumBodyRate`` on average, and ``connectionTimeout`` without any byte at all.
public struct ServerConfiguration: Sendable {
    /// An IPv4 or IPv6 literal to listen on.
    public var host = "127.0.0.1"
    /// The port; 0 picks a free one (read it back from ``HTTPServer/port``).
    public var port: UInt16 = 8080
    /// Worker threads answering requests (handlers run on them, synchronously). A handler that writes waits
    /// on its thread for the commit's fsync; the writers waiting at once share that commit (group commit), so
    /// the default is enough threads for a burst of submissions to share one fsync, far more than the cores.
    public var threads = Self.defaultThreads
    /// The default of ``threads``.
    public static let defaultThreads = 32
    /// Open connections at most for ordinary requests.
    public var connectionLimit = 512
    /// Connections beyond ``connectionLimit`` kept for ``reservedPaths``: a request for anything else on one
    /// of them is answered 503 as soon as its headers arrive, its headers must arrive within
    /// ``reservedHeaderTimeout``, and it serves one request.
    public var reservedConnections = 512
    /// The paths a reserved connection may ask for.
    public var reservedPaths: Set<String> = ["/healthz"]
    /// Open connections at most from one client address; 0 for no limit (behind a proxy on the same
    /// host, every connection comes from the proxy's address).
    public var connectionsPerAddress = 64
    /// Seconds a connection may stay without sending or receiving a byte (libmicrohttpd's idle timeout).
    public var connectionTimeout = 30
    /// Seconds for the request line and headers to arrive in full, counted from the connection's opening or
    /// the previous response on it (so a kept-alive connection waits at most this long for the next request).
    /// A trickle of bytes does not extend it.
    public var headerTimeout = 10
    /// Seconds for the headers of a request on a reserved connection.
    public var reservedHeaderTimeout = 1
    /// Bytes per second a body must arrive at on average, after a grace of ``headerTimeout`` seconds from the
    /// end of the headers; 0 for no floor.
    public var minimumBodyRate = 4096
    /// Bytes per connection for the request line and headers (libmicrohttpd answers 431/413 above).
    public var headerMemoryLimit = 32 * 1024
    /// The PEM certificate for TLS, with ``tlsKeyPEM``: the server speaks TLS when both are set.
    public var tlsCertificatePEM: String?
    /// The PEM private key of ``tlsCertificatePEM``.
    public var tlsKeyPEM: String?
    /// Where libmicrohttpd's own messages go (standard error by default), at most 10 in ten seconds.
    public var log: @Sendable (String) -> Void = { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }

    /// The defaults: 127.0.0.1:8080, no TLS, the limits above.
    public init() {}

    /// Whether the server speaks TLS.
    public var usesTLS: Bool { tlsCertificatePEM != nil && tlsKeyPEM != nil }

    /// The bounds of each number, checked by ``HTTPServer`` (and by `recover serve` for its options).
    public enum Bounds {
        /// Bounds of ``ServerConfiguration/threads``.
        public static let threads = 1...256
        /// Bounds of ``ServerConfiguration/connectionLimit``.
        public static let connectionLimit = 1...100_000
        /// Bounds of ``ServerConfiguration/reservedConnections``.
        public static let reservedConnections = 0...10_000
        /// Bounds of ``ServerConfiguration/connectionsPerAddress``.
        public static let connectionsPerAddress = 0...100_000
        /// Bounds of ``ServerConfiguration/connectionTimeout``, in seconds.
        public static let connectionTimeout = 1...3600
        /// Bounds of ``ServerConfiguration/headerTimeout`` and ``ServerConfiguration/reservedHeaderTimeout``, in
        /// seconds.
        public static let headerTimeout = 1...600
        /// Bounds of ``ServerConfiguration/minimumBodyRate``, in bytes per second.
        public static let minimumBodyRate = 0...(1 << 30)
    }

    /// The first number out of its bounds, named, or `nil`.
    public var invalidSetting: String? {
        if !Bounds.threads.contains(threads) { return "threads" }
        if !Bounds.connectionLimit.contains(connectionLimit) { return "connectionLimit" }
        if !Bounds.reservedConnections.contains(reservedConnections) { return "reservedConnections" }
        if !Bounds.connectionsPerAddress.contains(connectionsPerAddress) { return "connectionsPerAddress" }
        if !Bounds.connectionTimeout.contains(connectionTimeout) { return "connectionTimeout" }
        if !Bounds.headerTimeout.contains(headerTimeout) { return "headerTimeout" }
        if !Bounds.headerTimeout.contains(reservedHeaderTimeout) { return "reservedHeaderTimeout" }
        if !Bounds.minimumBodyRate.contains(minimumBodyRate) { return "minimumBodyRate" }
        return nil
    }
}
