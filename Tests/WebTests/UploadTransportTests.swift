import Foundation
import Synchronization
import Testing
import Web
import WebTesting

/// The transport's streaming of a spooled group's bodies to disk, on a live server over 127.0.0.1.
@Suite struct UploadTransportTests {
    final class Calls: Sendable {
        let count = Atomic<Int>(0)
    }

    static func start(folder: URL, limit: Int = 1_000_000, calls: Calls) throws -> HTTPServer {
        let spooling = UploadSpooling(directory: folder, digest: { TestDigest() })
        return try TestApp.serve(
            TestApp.application { router in
                router.group(access: TestApp.member, bodyLimit: .spooled(limit, spooling)) { uploads in
                    uploads.post("/uploads/:name") { request in
                        calls.count.add(1, ordering: .relaxed)
                        guard let upload = request.upload else { return .text("none") }
                        let onDisk = FileManager.default.contents(atPath: upload.file.path)
                        return .text(
                            "\(upload.digest) \(upload.byteCount) \(onDisk?.count ?? -1) \(request.body.count)")
                    }
                }
            })
    }

    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appending(path: "web-upload-transport").appending(
            path: UUID().uuidString)
    }

    /// Waits (up to 5 s) until the folder has no file left; the request's end removes it on another thread.
    static func isEmptyEventually(_ folder: URL) -> Bool {
        for _ in 0..<100 {
            if ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).isEmpty { return true }
            usleep(50_000)
        }
        return false
    }

    /// A signed-out double-submit token (cookie and header), long enough to be kept.
    static let token = String(repeating: "t", count: 43)

    func head(_ length: Int) -> String {
        "POST /uploads/video HTTP/1.1\r\nHost: localhost\r\nContent-Type: video/webm\r\n"
            + "Cookie: csrf=\(Self.token); session=anything\r\nX-CSRF-Token: \(Self.token)\r\nContent-Length: \(length)\r\n\r\n"
    }

    @Test func uploadBodyIsStreamedToDiskWithItsDigestAndRemovedAfterTheRequest() throws {
        let folder = Self.folder()
        let calls = Calls()
        let server = try Self.start(folder: folder, calls: calls)
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        let body = String(repeating: "0123456789abcdef", count: 20_000)
        connection.send(head(body.utf8.count) + body)
        let response = try #require(connection.readResponse())
        #expect(response.head.hasPrefix("HTTP/1.1 200"))
        let hash = TestDigest.of(Array(body.utf8))
        #expect(response.body == "\(hash) \(body.utf8.count) \(body.utf8.count) 0")
        #expect(Self.isEmptyEventually(folder))
    }

    @Test func truncatedUploadNeverReachesTheHandlerAndLeavesNoFile() throws {
        let folder = Self.folder()
        let calls = Calls()
        let server = try Self.start(folder: folder, calls: calls)
        defer { server.stop() }
        do {
            let connection = try RawHTTPConnection(port: server.port)
            connection.send(head(100_000) + String(repeating: "x", count: 5_000))
            usleep(200_000)
        }  // the connection closes here, mid-body
        #expect(Self.isEmptyEventually(folder))
        #expect(calls.count.load(ordering: .relaxed) == 0)
    }

    @Test func withoutASessionCookieTheUploadIsRefusedOnItsHeadersAndNotSpooled() throws {
        let folder = Self.folder()
        let calls = Calls()
        let server = try Self.start(folder: folder, calls: calls)
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        let body = String(repeating: "z", count: 2_000_000)
        connection.send(head(body.count).replacingOccurrences(of: "; session=anything", with: "") + body)
        let response = try #require(connection.readResponse())
        // The members' rule runs on the headers first (it was the small limit's 413 before): 401, no body read.
        #expect(response.head.hasPrefix("HTTP/1.1 401"))
        #expect(calls.count.load(ordering: .relaxed) == 0)
        #expect(Self.isEmptyEventually(folder))
    }

    @Test func declaredLengthOverTheUploadLimitIsA413BeforeTheBody() throws {
        let folder = Self.folder()
        let calls = Calls()
        let server = try Self.start(folder: folder, limit: 1000, calls: calls)
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        connection.send(head(5000) + String(repeating: "y", count: 5000))
        let response = try #require(connection.readResponse())
        #expect(response.head.hasPrefix("HTTP/1.1 413"))
        #expect(calls.count.load(ordering: .relaxed) == 0)
        #expect(Self.isEmptyEventually(folder))
    }
}

/// FNV-1a (64 bits) as hex: a digest the framework's tests can compute without a hash library.
struct TestDigest: BodyDigest {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        for byte in bytes { state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    }

    mutating func finish() -> String { String(state, radix: 16) }

    /// The digest of `bytes` in one piece.
    static func of(_ bytes: [UInt8]) -> String {
        var digest = TestDigest()
        bytes.withUnsafeBytes { digest.update($0) }
        return digest.finish()
    }
}

/// Leftover spool files: those a crash left are removed, those a live request writes stay.
@Suite struct UploadLeftoverTests {
    @Test func onlySpoolFilesNoRequestIsWritingAreRemoved() throws {
        let folder = UploadTransportTests.folder()
        let calls = UploadTransportTests.Calls()
        let server = try UploadTransportTests.start(folder: folder, calls: calls)
        defer { server.stop() }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let leftover = folder.appending(path: "upload-\(UUID().uuidString).part")
        try Data("left by a crash".utf8).write(to: leftover)
        let connection = try RawHTTPConnection(port: server.port)
        let token = UploadTransportTests.token
        connection.send(
            "POST /uploads/video HTTP/1.1\r\nHost: localhost\r\nCookie: csrf=\(token); session=s\r\n"
                + "X-CSRF-Token: \(token)\r\nContent-Length: 10000\r\n\r\n" + String(repeating: "a", count: 100))
        // Wait for the live upload's spool file to appear beside the leftover.
        var names: [String] = []
        for _ in 0..<100 where names.count < 2 {
            usleep(20_000)
            names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        }
        #expect(names.count == 2)
        let spooling = UploadSpooling(directory: folder, digest: { TestDigest() })
        #expect(spooling.removeLeftovers() == 1)
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).count == 1)
        connection.send(String(repeating: "b", count: 9_900))
        #expect(connection.readResponse()?.head.hasPrefix("HTTP/1.1 200") == true)
        #expect(UploadTransportTests.isEmptyEventually(folder))
    }
}
