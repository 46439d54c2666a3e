import Foundation
import RecoverWeb
import Testing
import Web
import WebTesting

/// The console's downloads over a real socket: streamed to the browser (chunked, no length known in advance) with
/// the same bytes as the in-process download, and refusals answered as whole pages before any byte of an export.
@Suite struct ConsoleExportLiveTests {
    @Test func theStudyCSVIsStreamedChunkedWithTheBytesOfTheExport() throws {
        let fixture = try ConsoleFixture()
        try fixture.addStaff("res@example.com", role: .researcher)
        // Enough rows for several chunks of the transport's 64 KiB blocks.
        for index in 0..<40 {
            try fixture.addParticipant(
                "p\(index)@example.com", joinedDaysAgo: 60,
                checkins: Dictionary(uniqueKeysWithValues: (1...50).map { ($0, ($0 % 10, 4 + $0 % 5)) }),
                ranges: [3: 71.25, 5: 88.0])
        }
        var client = fixture.client()
        client.signIn("res@example.com")
        let inProcess = client.get("/console/export/csv").body
        #expect(client.lastStreamCompleted)
        let (server, connection) = try Self.serve(fixture)
        defer { server.stop() }
        connection.send(Self.get("/console/export/csv", cookies: client.cookies))
        let download = try #require(connection.readChunkedResponse())
        #expect(download.head.hasPrefix("HTTP/1.1 200"))
        #expect(download.head.lowercased().contains("transfer-encoding: chunked"))
        #expect(download.head.contains("Content-Disposition: attachment; filename=\"recover-study.csv\""))
        #expect(download.complete)
        #expect(download.body.count > 4 * 65_536)
        #expect(download.body == inProcess)
        #expect(Array(download.body.prefix(3)) == [0xEF, 0xBB, 0xBF])
        for format in ["json", "fhir"] {
            connection.send(Self.get("/console/export/\(format)", cookies: client.cookies))
            let document = try #require(connection.readChunkedResponse())
            #expect(document.complete, "\(format)")
            let parsed = try JSONSerialization.jsonObject(with: Data(document.body)) as? [String: Any]
            #expect(parsed != nil, "\(format)")
        }
    }

    @Test func refusalsAreWholePagesBeforeAnyByteOfAnExport() throws {
        let fixture = try ConsoleFixture()
        try fixture.addStaff("res@example.com", role: .researcher)
        try fixture.addParticipant("pat@example.com", checkins: [1: (4, 7)])
        var staff = fixture.client()
        staff.signIn("res@example.com")
        var participant = fixture.client()
        participant.signIn("pat@example.com")
        let (server, connection) = try Self.serve(fixture)
        defer { server.stop() }
        connection.send(Self.get("/console/export/xml", cookies: staff.cookies))
        let unknown = try #require(connection.readResponse())
        #expect(unknown.head.hasPrefix("HTTP/1.1 404"))
        #expect(!unknown.head.lowercased().contains("chunked"))
        connection.send(Self.get("/console/export/csv", cookies: participant.cookies))
        let forbidden = try #require(connection.readResponse())
        #expect(forbidden.head.hasPrefix("HTTP/1.1 403"))
        #expect(!forbidden.body.contains("checkin.form.pain"))
        connection.send(Self.get("/console/export/csv", cookies: [:]))
        let signedOut = try #require(connection.readResponse())
        #expect(signedOut.head.hasPrefix("HTTP/1.1 303"))
    }

    /// The fixture's whole app on a free port of 127.0.0.1, and a connection to it.
    static func serve(_ fixture: ConsoleFixture) throws -> (HTTPServer, RawHTTPConnection) {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.threads = 2
        let server = try HTTPServer(configuration: configuration, application: fixture.app.application)
        return (server, try RawHTTPConnection(port: server.port, timeout: 60))
    }

    static func get(_ path: String, cookies: [String: String]) -> String {
        let cookie = cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        return "GET \(path) HTTP/1.1\r\nHost: localhost\r\n" + (cookie.isEmpty ? "" : "Cookie: \(cookie)\r\n") + "\r\n"
    }
}
