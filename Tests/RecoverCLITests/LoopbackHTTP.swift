import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// HTTP/1.1 to a server on 127.0.0.1, one request per connection (`Connection: close`), read to the end.
///
/// Blocking and small on purpose: the live tests call it from plain threads, and a server killed mid-request
/// shows up as a thrown ``Unanswered`` rather than as a response.
enum LoopbackHTTP {
    /// A response: its status, redirect target, `Retry-After` seconds, cookies set and body.
    struct Reply {
        let status: Int
        let location: String?
        var retryAfter: Int?
        let cookies: [(name: String, value: String)]
        let body: String
    }

    /// No complete response: the connection was refused, reset or closed early.
    struct Unanswered: Error {
        let reason: String
    }

    /// Sends one request from the loopback address `source` (any of 127.0.0.0/8, so that several
    /// simulated people can each have their own); a `form` is sent as `application/x-www-form-urlencoded`.
    static func send(
        _ method: String, _ path: String, port: UInt16, from source: String = "127.0.0.1",
        cookies: [String: String] = [:], form: [String: String]? = nil
    ) throws -> Reply {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if !cookies.isEmpty {
            head +=
                "Cookie: " + cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
            head += "\r\n"
        }
        var body = ""
        if let form {
            body = form.sorted { $0.key < $1.key }.map { "\(encoded($0.key))=\(encoded($0.value))" }
                .joined(separator: "&")
            head += "Content-Type: application/x-www-form-urlencoded\r\n"
        }
        head += "Content-Length: \(body.utf8.count)\r\n\r\n"
        let raw = try exchange(Array((head + body).utf8), port: port, from: source)
        return try parse(raw)
    }

    private static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }

    /// Connects, writes `request` and reads until the server closes the connection.
    private static func exchange(_ request: [UInt8], port: UInt16, from source: String) throws -> [UInt8] {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Unanswered(reason: "no socket") }
        defer { close(descriptor) }
        var limit = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { throw Unanswered(reason: "bind \(source): \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Unanswered(reason: "connect: \(String(cString: strerror(errno)))") }
        var offset = 0
        while offset < request.count {
            let sent = request.withUnsafeBytes { bytes -> Int in
                guard let base = bytes.baseAddress else { return -1 }
                return Glibc.send(descriptor, base + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { throw Unanswered(reason: "send: \(String(cString: strerror(errno)))") }
            offset += sent
        }
        var response: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { return response }
            guard count > 0 else { throw Unanswered(reason: "recv: \(String(cString: strerror(errno)))") }
            response += chunk.prefix(count)
        }
    }

    private static func parse(_ raw: [UInt8]) throws -> Reply {
        let text = String(decoding: raw, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { throw Unanswered(reason: "no complete head") }
        let lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
        let statusWords = lines[0].split(separator: " ")
        guard statusWords.count >= 2, let status = Int(statusWords[1]), (100...599).contains(status) else {
            throw Unanswered(reason: "no status line")
        }
        var location: String?
        var retryAfter: Int?
        var cookies: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name == "location" { location = value }
            if name == "retry-after" { retryAfter = Int(value) }
            if name == "set-cookie", let pair = value.split(separator: ";").first, let equals = pair.firstIndex(of: "=")
            {
                cookies.append((String(pair[..<equals]), String(pair[pair.index(after: equals)...])))
            }
        }
        let body = String(text[split.upperBound...])
        if let declared = lines.first(where: { $0.lowercased().hasPrefix("content-length:") }),
            let length = Int(declared.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)),
            body.utf8.count < length
        {
            throw Unanswered(reason: "body cut short")
        }
        return Reply(status: status, location: location, retryAfter: retryAfter, cookies: cookies, body: body)
    }
}
