import Foundation
import Testing
import Web
import WebTesting

@Suite struct LiveTransportTests {
    static func startServer(bodyLimit: Int = 1024 * 1024) throws -> HTTPServer {
        try TestApp.serve(TestApp.application(bodyLimit: .bytes(bodyLimit)))
    }

    @Test func healthzAnswers200OverAKeptAliveConnection() throws {
        let server = try Self.startServer()
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        connection.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let first = try #require(connection.readResponse())
        #expect(first.head.hasPrefix("HTTP/1.1 200"))
        #expect(first.body == "ok")
        #expect(!first.head.lowercased().contains("connection: close"))
        connection.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let second = try #require(connection.readResponse())
        #expect(second.head.hasPrefix("HTTP/1.1 200"))
    }

    @Test func oversizedBodyGetsA413Page() throws {
        let server = try Self.startServer(bodyLimit: 1000)
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        let body = String(repeating: "a", count: 5000)
        connection.send(
            "POST /sign-in HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                + "Content-Length: \(body.count)\r\n\r\n\(body)")
        let response = try #require(connection.readResponse())
        #expect(response.head.hasPrefix("HTTP/1.1 413"))
        #expect(response.body.contains("Too large"))
    }

    @Test func chunkedBodyOverTheLimitIsRefusedToo() throws {
        let server = try Self.startServer(bodyLimit: 1000)
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        let chunk = String(repeating: "b", count: 800)
        connection.send(
            "POST /sign-in HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "320\r\n\(chunk)\r\n320\r\n\(chunk)\r\n0\r\n\r\n")
        let response = try #require(connection.readResponse())
        #expect(response.head.hasPrefix("HTTP/1.1 413"))
    }

    @Test func oversizedHeadersAreRefusedWithA4xx() throws {
        let server = try Self.startServer()
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        connection.send(
            "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "h", count: 64 * 1024))\r\n\r\n")
        let response = try #require(connection.readResponse())
        #expect(response.head.hasPrefix("HTTP/1.1 4") || response.head.hasPrefix("HTTP/1.0 4"))
    }

    @Test func stopRefusesNewConnectionsAfterwards() throws {
        let server = try Self.startServer()
        let port = server.port
        let connection = try RawHTTPConnection(port: port)
        connection.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(connection.readResponse() != nil)
        server.stop()
        #expect(throws: RawHTTPConnection.ConnectionFailed.self) { try RawHTTPConnection(port: port) }
    }

    @Test func aFormPostReachesItsHandlerWithItsCSRFTokenAndAnUnknownMethodGets501() throws {
        let server = try Self.startServer()
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        let token = String(repeating: "k", count: 40)
        let body = "email=a%40example.com&csrf=\(token)"
        connection.send(
            "POST /sign-in HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                + "Cookie: csrf=\(token)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        let response = try #require(connection.readResponse())
        #expect(response.head.hasPrefix("HTTP/1.1 200"))
        #expect(response.body == "signed in as a@example.com")
        connection.send("BREW /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let unknown = try #require(connection.readResponse())
        #expect(unknown.head.hasPrefix("HTTP/1.1 501"))
    }
}
