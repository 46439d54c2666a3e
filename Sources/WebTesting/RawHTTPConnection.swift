import Foundation
import Web

#if canImport(Glibc)
    import Glibc
#endif

/// A plain TCP connection to a server on this machine, for live tests and benchmarks: writes raw bytes and
/// reads raw responses, so a test can send two requests on one connection (keep-alive), a malformed one,
/// or a request a byte at a time.
///
/// ```swift
/// let connection = try RawHTTPConnection(port: server.port, from: "127.0.0.2")   // another client address
/// connection.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
/// let response = connection.readResponse()      // (head: "HTTP/1.1 200 OK…", body: "ok")
/// ```
public final class RawHTTPConnection {
    private let socketFD: Int32
    /// Bytes received past the last response read (a pipelined answer).
    private var received: [UInt8] = []

    /// Connects to `host` (an IPv4 literal) on `port`, from the local address `source` when given (all of
    /// 127/8 is this machine on Linux, so `127.0.0.2` is another client to the server); reads wait at most
    /// `timeout` seconds. Throws ``ConnectionFailed`` when the connection is refused.
    public init(port: UInt16, host: String = "127.0.0.1", from source: String? = nil, timeout: Int = 5) throws {
        socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { throw ConnectionFailed() }
        var wait = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(socketFD, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socketFD, SOL_SOCKET, SO_SNDTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        if let source, Self.bind(socketFD, to: source) != 0 {
            close(socketFD)
            throw ConnectionFailed()
        }
        var address = Self.address(host, port: port)
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(socketFD)
            throw ConnectionFailed()
        }
    }

    deinit { close(socketFD) }

    /// Sends `text`; false when the connection is gone.
    @discardableResult
    public func send(_ text: String) -> Bool { send(bytes: Array(text.utf8)) }

    /// Sends `bytes`; false when the connection is gone.
    @discardableResult
    public func send(bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                Glibc.send(socketFD, buffer.baseAddress.map { $0 + sent }, buffer.count - sent, Int32(MSG_NOSIGNAL))
            }
            if count <= 0 { return false }
            sent += count
        }
        return true
    }

    /// Reads one response whose body length is given by Content-Length; `nil` on close or timeout. Bytes
    /// after it stay for the next call (pipelined responses).
    public func readResponse() -> (head: String, body: String)? {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            if let end = Self.find(Array("\r\n\r\n".utf8), in: received) {
                let head = String(decoding: received[..<end], as: UTF8.self)
                let length =
                    head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                if received.count >= end + 4 + length {
                    let body = String(decoding: received[(end + 4)..<(end + 4 + length)], as: UTF8.self)
                    received.removeFirst(end + 4 + length)
                    return (head, body)
                }
            }
            let count = recv(socketFD, &chunk, chunk.count, 0)
            if count <= 0 { return nil }
            received.append(contentsOf: chunk[..<count])
        }
    }

    /// Reads one response whose body is sent in chunks (`Transfer-Encoding: chunked`, a streamed body): its head,
    /// the body's bytes and whether the body ended with its last (empty) chunk; `complete` is false when the
    /// connection closed first, as when the server aborts a body mid-way. `nil` when no head arrived.
    public func readChunkedResponse() -> (head: String, body: [UInt8], complete: Bool)? {
        guard let end = fill(untilFound: Array("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: received[..<end], as: UTF8.self)
        received.removeFirst(end + 4)
        var body: [UInt8] = []
        while true {
            guard let line = fill(untilFound: [0x0D, 0x0A]),
                let size = Int(String(decoding: received[..<line], as: UTF8.self).split(separator: ";")[0], radix: 16)
            else { return (head, body, false) }
            guard size < Int.max - line - 4, fill(count: line + 2 + size + 2) else {
                body += received.dropFirst(line + 2).prefix(size)
                return (head, body, false)
            }
            body += received[(line + 2)..<(line + 2 + size)]
            received.removeFirst(line + 2 + size + 2)
            if size == 0 { return (head, body, true) }
        }
    }

    /// Reads until `needle` has arrived; its offset, or nil when the connection closed first.
    private func fill(untilFound needle: [UInt8]) -> Int? {
        while true {
            if let found = Self.find(needle, in: received) { return found }
            guard receiveMore() else { return nil }
        }
    }

    /// Reads until `count` bytes are waiting; false when the connection closed first.
    private func fill(count: Int) -> Bool {
        while received.count < count {
            guard receiveMore() else { return false }
        }
        return true
    }

    private func receiveMore() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = recv(socketFD, &chunk, chunk.count, 0)
        if count <= 0 { return false }
        received.append(contentsOf: chunk[..<count])
        return true
    }

    /// Whether the server has closed the connection: waits up to `seconds` (0: just looks) for the end of the
    /// stream, reading and dropping whatever arrives before it.
    public func isClosedByServer(within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var chunk = [UInt8](repeating: 0, count: 4096)
        repeat {
            var poller = pollfd(fd: socketFD, events: Int16(POLLIN), revents: 0)
            let wait = Int32(max(0, min(100, deadline.timeIntervalSinceNow * 1000)))
            guard poll(&poller, 1, wait) > 0 else { continue }
            let count = recv(socketFD, &chunk, chunk.count, Int32(MSG_DONTWAIT))
            if count == 0 { return true }
            if count < 0, errno != EAGAIN, errno != EWOULDBLOCK { return true }
        } while Date() < deadline
        return false
    }

    /// The connection could not be made.
    public struct ConnectionFailed: Error {}

    static func address(_ host: String, port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr(host)
        return address
    }

    static func bind(_ socketFD: Int32, to source: String) -> Int32 {
        var local = address(source, port: 0)
        return withUnsafePointer(to: &local) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for index in 0...(haystack.count - needle.count) where Array(haystack[index..<(index + needle.count)]) == needle
        {
            return index
        }
        return nil
    }
}
