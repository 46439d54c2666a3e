import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A plain TCP connection to 127.0.0.1 for live tests: writes raw HTTP and reads raw bytes, so a
/// test can send two requests on one connection (keep-alive) or a malformed one.
final class RawHTTPConnection {
    private let socketFD: Int32

    init(port: UInt16) throws {
        socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(socketFD, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
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

    func send(_ text: String) {
        var bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                Glibc.send(socketFD, buffer.baseAddress! + sent, buffer.count - sent, Int32(MSG_NOSIGNAL))
            }
            if count <= 0 { return }
            sent += count
        }
    }

    /// Reads one response whose body length is given by Content-Length; `nil` on close or timeout.
    func readResponse() -> (head: String, body: String)? {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            if let end = find(Array("\r\n\r\n".utf8), in: buffer) {
                let head = String(decoding: buffer[..<end], as: UTF8.self)
                let length =
                    head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                if buffer.count >= end + 4 + length {
                    return (head, String(decoding: buffer[(end + 4)..<(end + 4 + length)], as: UTF8.self))
                }
            }
            let count = recv(socketFD, &chunk, chunk.count, 0)
            if count <= 0 { return nil }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    private func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for index in 0...(haystack.count - needle.count) where Array(haystack[index..<(index + needle.count)]) == needle
        {
            return index
        }
        return nil
    }

    struct ConnectionFailed: Error {}
}
