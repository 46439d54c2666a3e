import Foundation
import Synchronization
import Testing
import Web
import WebTesting

/// Slow and many clients on a live server: deadlines that a trickle of bytes does not extend, a limit per
/// client address, and a reserve that keeps `/healthz` answering on a full server. Bounds are generous (the
/// deadlines here are 1 s; a connection must be cut within a few), so a loaded machine does not fail them.
@Suite struct SlowClientTests {
    static let token = String(repeating: "k", count: 40)

    /// Sends `piece` every 200 ms until the server closes the connection or `seconds` pass; whether it closed.
    static func trickle(_ connection: RawHTTPConnection, _ piece: String, for seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if !connection.send(piece) { return true }
            if connection.isClosedByServer(within: 0.2) { return true }
        }
        return false
    }

    /// `count` connections from 127.0.0.1 that have sent half a head (those the server let open).
    static func openSlow(_ count: Int, port: UInt16) -> [RawHTTPConnection] {
        (0..<count).compactMap { _ in
            let connection = try? RawHTTPConnection(port: port)
            connection?.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ")
            return connection
        }
    }

    /// `GET path` from another client address, 127.0.0.2.
    static func get(_ path: String, port: UInt16) throws -> (head: String, body: String)? {
        let connection = try RawHTTPConnection(port: port, from: "127.0.0.2")
        connection.send("GET \(path) HTTP/1.1\r\nHost: localhost\r\n\r\n")
        return connection.readResponse()
    }

    @Test func headersTrickledAByteAtATimeAreCutAtTheHeaderDeadline() throws {
        let server = try TestApp.serve(TestApp.application()) { $0.headerTimeout = 1 }
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        connection.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ")
        // Never idle for more than 200 ms, so the 30 s idle timeout alone would keep it for ever.
        #expect(Self.trickle(connection, "a", for: 8))
        #expect(server.connectionsCut == 1)
    }

    @Test func aBodyBelowTheMinimumRateIsCutAndOneAtAnOrdinaryRateIsNot() throws {
        let server = try TestApp.serve(TestApp.application()) { configuration in
            configuration.headerTimeout = 1
            configuration.minimumBodyRate = 1000
        }
        defer { server.stop() }
        let head =
            "POST /sign-in HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\n"
            + "Cookie: csrf=\(Self.token)\r\n"
        let slow = try RawHTTPConnection(port: server.port)
        slow.send(head + "Content-Length: 100000\r\n\r\n")
        #expect(Self.trickle(slow, String(repeating: "x", count: 10), for: 8))
        // 60 kB at about 50 kB/s, in pieces with gaps between them: well above the floor, answered.
        let form = "email=a%40example.com&csrf=\(Self.token)&pad=" + String(repeating: "p", count: 60_000)
        let ordinary = try RawHTTPConnection(port: server.port)
        ordinary.send(head + "Content-Length: \(form.utf8.count)\r\n\r\n")
        let bytes = Array(form.utf8)
        for start in stride(from: 0, to: bytes.count, by: 10_000) {
            ordinary.send(bytes: Array(bytes[start..<min(start + 10_000, bytes.count)]))
            usleep(200_000)
        }
        #expect(ordinary.readResponse()?.body == "signed in as a@example.com")
        #expect(server.connectionsCut == 1)
    }

    @Test func aKeptAliveConnectionWaitsForItsNextRequestAtMostTheHeaderTimeout() throws {
        let server = try TestApp.serve(TestApp.application()) { $0.headerTimeout = 1 }
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        connection.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(connection.readResponse()?.body == "ok")
        #expect(connection.isClosedByServer(within: 8))
    }

    @Test func aRequestWaitingForABusyWorkerThreadIsAnsweredNotCut() throws {
        // One worker thread, busy for 3 s with another connection's request: the waiting connection's head
        // arrived in time and sits unread in its socket, so its 1 s deadline is the server's to miss, not the
        // client's (behind nginx such a cut was a committed request reported as a 502).
        let application = try TestApp.application { router in
            router.get("/slow") { _ in
                usleep(3_000_000)
                return .text("slow")
            }
        }
        let server = try TestApp.serve(application) { configuration in
            configuration.threads = 1
            configuration.headerTimeout = 1
        }
        defer { server.stop() }
        let waiting = try RawHTTPConnection(port: server.port)
        for _ in 0..<50 where server.openConnections < 1 { usleep(20_000) }
        let slow = try RawHTTPConnection(port: server.port)
        slow.send("GET /slow HTTP/1.1\r\nHost: localhost\r\n\r\n")
        usleep(300_000)
        waiting.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(waiting.readResponse()?.body == "ok")
        #expect(slow.readResponse()?.body == "slow")
        #expect(server.connectionsCut == 0)
    }

    @Test func manySlowConnectionsFromOneAddressLeaveHealthzToAnother() throws {
        let server = try TestApp.serve(TestApp.application()) { $0.connectionsPerAddress = 16 }
        defer { server.stop() }
        let slow = Self.openSlow(300, port: server.port)
        usleep(300_000)
        #expect(server.openConnections <= 16)
        for _ in 0..<20 { #expect(try Self.get("/healthz", port: server.port)?.body == "ok") }
        withExtendedLifetime(slow) {}
    }

    @Test func aFullServerKeepsItsReserveForHealthChecks() throws {
        let server = try TestApp.serve(TestApp.application()) { configuration in
            configuration.connectionLimit = 8
            configuration.reservedConnections = 4
            configuration.connectionsPerAddress = 0
        }
        defer { server.stop() }
        let slow = Self.openSlow(8, port: server.port)
        for _ in 0..<50 where server.openConnections < 8 { usleep(20_000) }
        #expect(server.openConnections == 8)
        #expect(try Self.get("/sign-in", port: server.port)?.head.hasPrefix("HTTP/1.1 503") == true)
        for _ in 0..<5 {
            let health = try Self.get("/healthz", port: server.port)
            #expect(health?.body == "ok")
            // One request per reserved connection, so no client keeps one.
            #expect(health?.head.lowercased().contains("connection: close") == true)
        }
        withExtendedLifetime(slow) {}
    }

    @Test func settingsOutOfBoundsAreRefusedAtStart() throws {
        let application = try TestApp.application()
        #expect(throws: ServerError.self) { try TestApp.serve(application) { $0.headerTimeout = 0 } }
        #expect(throws: ServerError.self) { try TestApp.serve(application) { $0.connectionLimit = -1 } }
        #expect(throws: ServerError.self) { try TestApp.serve(application) { $0.connectionsPerAddress = 1 << 40 } }
    }

    @Test func theLibrarysMessagesAreLoggedAtMostTenInTenSeconds() throws {
        let lines = Mutex<[String]>([])
        let server = try TestApp.serve(TestApp.application()) { configuration in
            configuration.connectionsPerAddress = 2
            configuration.log = { line in lines.withLock { $0.append(line) } }
        }
        defer { server.stop() }
        // Every connection past the second from this address is refused, each with a message of the library's.
        let held = try (0..<40).map { _ in try RawHTTPConnection(port: server.port) }
        for _ in 0..<50 where lines.withLock({ $0.count }) < 10 { usleep(20_000) }
        usleep(200_000)
        #expect(lines.withLock { $0 }.count == 10)
        #expect(lines.withLock { $0 }.allSatisfy { $0.hasPrefix("libmicrohttpd: ") })
        withExtendedLifetime(held) {}
    }
}
