import CMicroHTTPD
import Foundation
import MHDShim
import Synchronization

/// The HTTP transport: a libmicrohttpd daemon (epoll, internal thread pool, keep-alive) that turns
/// each request into a ``Request``, lets the ``Application`` match its route when the headers have
/// arrived (the route's group says how large a body to take, and whether to stream it to disk), runs
/// the application synchronously on the worker thread, and sends the ``Response`` (a streamed body as its
/// producer writes it: ``ResponseStream``).
///
/// ```swift
/// let server = try HTTPServer(configuration: configuration, application: application)
/// print("listening on \(server.port)")
/// server.stop()   // stop accepting, finish in-flight requests, close
/// ```
public final class HTTPServer: Sendable {
    let core: ServerCore
    /// The daemon handle; `nil` once stopped.
    private let daemon: Mutex<DaemonHandle?>
    /// The port the daemon listens on.
    public let port: UInt16

    /// Starts listening; throws when a setting is out of its bounds, the address is invalid or the port cannot be
    /// bound.
    public init(configuration: ServerConfiguration, application: Application) throws {
        if let setting = configuration.invalidSetting { throw ServerError.invalidSetting(setting) }
        let core = ServerCore(configuration: configuration, application: application)
        self.core = core
        var flags = MHD_USE_EPOLL_INTERNAL_THREAD.rawValue | MHD_USE_ITC.rawValue | MHD_USE_ERROR_LOG.rawValue
        if configuration.usesTLS { flags |= MHD_USE_TLS.rawValue }
        let certificate = configuration.tlsCertificatePEM.flatMap { strdup($0) }
        let key = configuration.tlsKeyPEM.flatMap { strdup($0) }
        defer {
            free(certificate)
            free(key)
        }
        var options: [MHD_OptionItem] = [
            MHD_OptionItem(option: .THREAD_POOL_SIZE, value: configuration.threads, ptr_value: nil),
            // The reserve is part of libmicrohttpd's limit; which connections are reserved is the guard's count.
            MHD_OptionItem(
                option: .CONNECTION_LIMIT, value: configuration.connectionLimit + configuration.reservedConnections,
                ptr_value: nil),
            MHD_OptionItem(
                option: .PER_IP_CONNECTION_LIMIT, value: configuration.connectionsPerAddress, ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: configuration.connectionTimeout, ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_MEMORY_LIMIT, value: configuration.headerMemoryLimit, ptr_value: nil),
            // Strict about the protocol: HTTP/1.1 without Host, or a space in the target, is refused by
            // libmicrohttpd itself; what it lets through ``RequestHead`` refuses.
            MHD_OptionItem(option: .STRICT_FOR_CLIENT, value: 1, ptr_value: nil),
        ]
        if let certificate, let key {
            options.append(
                MHD_OptionItem(option: .HTTPS_MEM_CERT, value: 0, ptr_value: UnsafeMutableRawPointer(certificate)))
            options.append(MHD_OptionItem(option: .HTTPS_MEM_KEY, value: 0, ptr_value: UnsafeMutableRawPointer(key)))
        }
        options.append(MHD_OptionItem(option: .END, value: 0, ptr_value: nil))
        // The daemon keeps an unretained pointer to `core`; this server owns `core` and stops the
        // daemon (in `stop()` or `deinit`) before `core` can be released.
        let context = Unmanaged.passUnretained(core).toOpaque()
        var callbacks = recover_mhd_callbacks(
            access: TransportCallbacks.access, access_context: context, completed: TransportCallbacks.completed,
            completed_context: nil, connection: TransportCallbacks.connectionChanged, connection_context: context,
            uri_log: TransportCallbacks.targetArrived, uri_log_context: context, log: TransportCallbacks.log,
            log_context: context)
        let handle = options.withUnsafeBufferPointer { items in
            recover_mhd_start_at(flags, configuration.host, configuration.port, &callbacks, items.baseAddress)
        }
        guard let handle else { throw ServerError.cannotListen(host: configuration.host, port: configuration.port) }
        daemon = Mutex(DaemonHandle(pointer: handle))
        port = recover_mhd_bound_port(handle)
        core.connections.start()
    }

    /// The connections open now.
    public var openConnections: Int { core.connections.count }

    /// The connections closed so far because a deadline passed (headers too slow, a body too slow).
    public var connectionsCut: Int { core.connections.cut.load(ordering: .relaxed) }

    /// Stops accepting connections, waits for in-flight requests (up to `timeout` seconds), then
    /// closes every connection. Safe to call more than once.
    public func stop(timeout: Double = 10) {
        let taken = daemon.withLock { handle in
            defer { handle = nil }
            return handle
        }
        guard let handle = taken?.pointer else { return }
        // Quiescing hands the listening socket back to us: closing it refuses new connections.
        let listener = MHD_quiesce_daemon(handle)
        if listener >= 0 { close(listener) }
        let deadline = Date().addingTimeInterval(timeout)
        while core.inFlight.load(ordering: .acquiring) > 0 && Date() < deadline {
            usleep(10_000)
        }
        MHD_stop_daemon(handle)
        // Stopping the daemon cancelled every streamed body still being sent: their producers stop at their next
        // write (and leave the database they read) before the caller closes it.
        let producers = Date().addingTimeInterval(2)
        while core.inFlight.load(ordering: .acquiring) > 0 && Date() < producers {
            usleep(1_000)
        }
        core.connections.stop()
    }

    deinit {
        if let handle = daemon.withLock({ $0 })?.pointer { MHD_stop_daemon(handle) }
        core.connections.stop()
    }
}

/// The daemon pointer, passed between threads only under the server's lock.
// libmicrohttpd's daemon functions used here (quiesce, stop) are documented as thread-safe.
struct DaemonHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// What the C callbacks reach through their context pointer: the application, the configuration, the
/// connections' guard, the library's log and the count of requests in flight.
final class ServerCore: Sendable {
    let configuration: ServerConfiguration
    let application: Application
    let connections: ConnectionGuard
    let log: TransportLog
    let inFlight = Atomic<Int>(0)

    init(configuration: ServerConfiguration, application: Application) {
        self.configuration = configuration
        self.application = application
        connections = ConnectionGuard(configuration: configuration)
        log = TransportLog(write: configuration.log)
    }
}

/// The server could not start.
public enum ServerError: Error, CustomStringConvertible {
    case cannotListen(host: String, port: UInt16)
    /// A ``ServerConfiguration`` number outside its ``ServerConfiguration/Bounds``.
    case invalidSetting(String)

    /// `cannot listen on <host>:<port> (...)` with the likely causes, or `the server setting <name> is out of its
    /// bounds`.
    public var description: String {
        switch self {
        case .cannotListen(let host, let port):
            "cannot listen on \(host):\(port) (address in use, not an IP literal, or bad TLS files)"
        case .invalidSetting(let name):
            "the server setting \(name) is out of its bounds"
        }
    }
}
