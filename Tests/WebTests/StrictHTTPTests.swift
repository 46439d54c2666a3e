import Foundation
import Testing
import Web
import WebTesting

/// The transport's strictness (RFC 9112) over raw sockets: conflicting framing, malformed field names, bare
/// LF, folded fields and NUL in the target are answered 400 and the connection closed; ordinary variations
/// still pass.
@Suite struct StrictHTTPTests {
    static let token = String(repeating: "k", count: 40)
    static let form = "email=a%40example.com&csrf=\(token)"
    static let length = form.utf8.count

    /// A form post to `/sign-in` with a working CSRF token, `extra` header lines and `body`.
    static func post(_ extra: String, body: String = form) -> String {
        "POST /sign-in HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\n"
            + "Cookie: csrf=\(token)\r\n\(extra)\r\n\(body)"
    }

    static let refused: [(String, String)] = [
        ("two different Content-Length", post("Content-Length: \(length)\r\nContent-Length: 10\r\n")),
        ("Content-Length with chunked", post("Content-Length: \(length)\r\nTransfer-Encoding: chunked\r\n")),
        ("Transfer-Encoding gzip, chunked", post("Transfer-Encoding: gzip, chunked\r\n", body: "0\r\n\r\n")),
        (
            "Transfer-Encoding twice",
            post("Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n", body: "0\r\n\r\n")
        ),
        ("space before the colon, alone", "GET /healthz HTTP/1.1\r\nHost : localhost\r\n\r\n"),
        ("space before the colon", "GET /healthz HTTP/1.1\r\nHost: localhost\r\nAccept : */*\r\n\r\n"),
        ("a field name with a tab", "GET /healthz HTTP/1.1\r\nHost: localhost\r\nX\tY: z\r\n\r\n"),
        ("a folded field", "GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-A: one\r\n two\r\n\r\n"),
        (
            "a folded field with a tab",
            "GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-A: one\r\n\ttwo\r\nX-B: b\r\n\r\n"
        ),
        ("bare LF everywhere", "GET /healthz HTTP/1.1\nHost: localhost\n\n"),
        ("bare LF after one field", "GET /healthz HTTP/1.1\r\nHost: localhost\nAccept: */*\r\n\r\n"),
        ("bare LF ending the head", "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\n"),
        ("bare LF after the request line", "GET /healthz HTTP/1.1\nHost: localhost\r\n\r\n"),
        ("a bare CR in a value", "GET /healthz HTTP/1.1\r\nHost: localhost\rX-D: y\r\n\r\n"),
        ("a control character in a value", "GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-C: a\u{01}b\r\n\r\n"),
        ("a NUL in a value", "GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-N: a\u{00}b\r\n\r\n"),
        ("%00 in the path", "GET /healthz%00.css HTTP/1.1\r\nHost: localhost\r\n\r\n"),
        ("%00 in the query", "GET /healthz?a=1%00 HTTP/1.1\r\nHost: localhost\r\n\r\n"),
        ("a raw NUL in the path", "GET /healthz\u{00}x HTTP/1.1\r\nHost: localhost\r\n\r\n"),
        ("two Host fields", "GET /healthz HTTP/1.1\r\nHost: localhost\r\nHost: example.com\r\n\r\n"),
        ("HTTP/1.1 without Host", "GET /healthz HTTP/1.1\r\n\r\n"),
    ]

    @Test(arguments: refused.indices)
    func malformedRequestsAre400AndTheConnectionCloses(index: Int) throws {
        let (name, request) = Self.refused[index]
        let server = try TestApp.serve(TestApp.application())
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        connection.send(request)
        let response = connection.readResponse()
        #expect(response?.head.hasPrefix("HTTP/1.1 400") == true, "\(name): \(response?.head ?? "no answer")")
        #expect(connection.isClosedByServer(within: 5), "\(name)")
    }

    @Test func ordinaryVariationsStillPass() throws {
        let server = try TestApp.serve(TestApp.application())
        defer { server.stop() }
        let accepted = [
            "GET /healthz HTTP/1.1\r\nHost: localhost\r\nAccept:*/*\r\nX-Spaces:    a b   \r\nX-Empty:\r\n\r\n",
            "GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Tab:\tvalue\twith\ttabs\r\nX-Utf8: ü\r\n\r\n",
            "GET /healthz?q=%41%2F&x HTTP/1.1\r\nHost: localhost\r\nCookie: a=1; b=2\r\nCookie: c=3\r\n\r\n",
            "GET /healthz HTTP/1.0\r\n\r\n",
            "GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: \(String(repeating: "v", count: 20_000))\r\n\r\n",
        ]
        for request in accepted {
            let connection = try RawHTTPConnection(port: server.port)
            connection.send(request)
            let response = connection.readResponse()
            #expect(response?.head.hasPrefix("HTTP/1.1 200") == true, "\(request.prefix(60))")
        }
        // The same length twice is one length; chunked alone; and both kept alive, one after the other.
        let connection = try RawHTTPConnection(port: server.port)
        connection.send(Self.post("Content-Length: \(Self.length)\r\nContent-Length: \(Self.length)\r\n"))
        #expect(connection.readResponse()?.body == "signed in as a@example.com")
        let chunked = String(Self.length, radix: 16) + "\r\n\(Self.form)\r\n0\r\n\r\n"
        connection.send(Self.post("Transfer-Encoding: chunked\r\n", body: chunked))
        #expect(connection.readResponse()?.body == "signed in as a@example.com")
        // Two requests in one write (pipelined) are both answered.
        connection.send(
            "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\nGET /healthz HTTP/1.1\r\nHost: localhost\r\nX-A: a\r\n\r\n"
        )
        #expect(connection.readResponse()?.body == "ok")
        #expect(connection.readResponse()?.body == "ok")
    }

    @Test func aHeadSentAByteAtATimeIsReadTheSame() throws {
        let server = try TestApp.serve(TestApp.application())
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        for byte in Array("GET /healthz?a=%41 HTTP/1.1\r\nHost: localhost\r\nX-A:  one \r\n\r\n".utf8) {
            connection.send(bytes: [byte])
            usleep(1_000)
        }
        #expect(connection.readResponse()?.head.hasPrefix("HTTP/1.1 200") == true)
    }
}
