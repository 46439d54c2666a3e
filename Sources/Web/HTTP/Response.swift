import Foundation

/// What a handler answers: status, headers, cookies and body bytes (or a body written while it is sent).
public struct Response: Sendable {
    /// The status.
    public var status: HTTPStatus
    /// Headers by name (as sent; set `Content-Type` through the initialisers).
    public var headers: [String: String]
    /// `Set-Cookie` values, one per cookie.
    public var cookies: [String]
    /// The body bytes.
    public var body: [UInt8]
    /// A body written while it is sent, instead of `body` (``Response/stream(status:headers:_:)``); middleware
    /// that rewrites bodies (compression, validators) leaves such a response as it is.
    public var stream: ResponseStream?

    /// A response with the given parts.
    public init(status: HTTPStatus = .ok, headers: [String: String] = [:], cookies: [String] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.cookies = cookies
        self.body = body
    }

    /// An HTML page.
    public static func html(_ html: HTML, status: HTTPStatus = .ok) -> Response {
        Response(
            status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: Array(html.rendered.utf8))
    }

    /// Plain text.
    public static func text(_ text: String, status: HTTPStatus = .ok) -> Response {
        Response(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Array(text.utf8))
    }

    /// A JSON document from an `Encodable` value.
    public static func json(_ value: some Encodable, status: HTTPStatus = .ok) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Response(
            status: status, headers: ["Content-Type": "application/json"], body: Array(try encoder.encode(value)))
    }

    /// A 303 redirect to a path on this site (after a form POST).
    public static func redirect(to path: String) -> Response {
        Response(status: .seeOther, headers: ["Location": path])
    }

    /// The value of a header, matched case-insensitively.
    public func header(_ name: String) -> String? {
        if let exact = headers[name] { return exact }
        return headers.first { Self.asciiCaseInsensitiveEqual($0.key, name) }?.value
    }

    /// Header names are ASCII; this avoids Foundation's locale-aware comparison on every request.
    static func asciiCaseInsensitiveEqual(_ left: String, _ right: String) -> Bool {
        guard left.utf8.count == right.utf8.count else { return false }
        return zip(left.utf8, right.utf8).allSatisfy { a, b in
            a == b || (a | 0x20 == b | 0x20 && (a | 0x20) >= 0x61 && (a | 0x20) <= 0x7a)
        }
    }

    /// Sets a header unless one with the same name (any case) is already present.
    public mutating func setDefaultHeader(_ name: String, _ value: String) {
        if header(name) == nil { headers[name] = value }
    }
}
