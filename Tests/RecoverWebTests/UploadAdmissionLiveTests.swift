import Foundation
import RecoverWeb
import Synchronization
import Testing
import Web
import WebTesting

/// Video uploads over a real socket: a request the session, CSRF or event check refuses is answered on its
/// headers, and no byte of its body is written, at any moment (a watcher looks at the spool folder all along).
@Suite struct UploadAdmissionLiveTests {
    /// Looks at the spool folder every few milliseconds until stopped, remembering whether a file was ever there.
    final class FolderWatch: Sendable {
        let folder: URL
        let sawFile = Atomic<Bool>(false)
        let running = Atomic<Bool>(true)
        let finished = DispatchSemaphore(value: 0)

        init(_ folder: URL) {
            self.folder = folder
            Thread.detachNewThread { [self] in
                while running.load(ordering: .acquiring) {
                    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                    if !names.isEmpty { sawFile.store(true, ordering: .releasing) }
                    usleep(2_000)
                }
                finished.signal()
            }
        }

        /// Stops watching; whether a file was seen.
        func stop() -> Bool {
            running.store(false, ordering: .releasing)
            finished.wait()
            return sawFile.load(ordering: .acquiring)
        }
    }

    struct Live {
        let client: StudyClient
        let server: HTTPServer
        let incoming: URL

        init() throws {
            let folder = TestVideo.folder()
            var client = try StudyClient(mediaFolder: folder)
            try client.openCameraStep()
            var configuration = ServerConfiguration()
            configuration.port = 0
            configuration.threads = 2
            server = try HTTPServer(configuration: configuration, application: client.fixture.app.application)
            self.client = client
            incoming = FileStore(dataFolder: folder).incoming
        }

        var session: String { client.cookies[SessionMiddleware.sessionCookie] ?? "" }

        /// The head of an upload of `length` bytes to `path`, with a signed-out visitor's token cookie too
        /// (double submit: a stranger echoing it passes the CSRF check and meets the participant rule).
        func head(_ path: String, length: Int, session: String, csrf: String) -> String {
            "POST \(path) HTTP/1.1\r\nHost: localhost\r\nContent-Type: video/webm\r\nAccept: application/json\r\n"
                + "Cookie: \(SessionMiddleware.sessionCookie)=\(session); \(SessionMiddleware.csrfCookie)=\(csrf)\r\n"
                + "X-CSRF-Token: \(csrf)\r\nX-Recording-Duration: 8.5\r\nContent-Length: \(length)\r\n\r\n"
        }

        /// Sends the head and a first part of the body, looks at the spool folder, sends the rest, and returns
        /// the status line, whether a spool file was there halfway, and whether one was ever there.
        func upload(_ path: String, session: String, csrf: String) throws -> (status: String, halfway: Bool, ever: Bool)
        {
            let video = TestVideo.webm(200_000)
            let watch = FolderWatch(incoming)
            let connection = try RawHTTPConnection(port: server.port)
            connection.send(head(path, length: video.count, session: session, csrf: csrf))
            connection.send(bytes: Array(video[..<50_000]))
            usleep(300_000)
            let halfway = !((try? FileManager.default.contentsOfDirectory(atPath: incoming.path)) ?? []).isEmpty
            connection.send(bytes: Array(video[50_000...]))
            let status = connection.readResponse()?.head.split(separator: "\r\n").first.map(String.init) ?? "none"
            usleep(100_000)
            return (status, halfway, watch.stop())
        }
    }

    /// Uploads as `upload` does and expects `status` with no spool file at any moment.
    static func expectNothingWritten(
        _ live: Live, _ path: String, session: String, csrf: String, status: String
    ) throws {
        let result = try live.upload(path, session: session, csrf: csrf)
        #expect(result.status.hasPrefix("HTTP/1.1 \(status)"), "\(path): \(result.status)")
        #expect(!result.halfway)
        #expect(!result.ever)
    }

    @Test func anUploadWithAnInvalidSessionWritesNothingToDisk() throws {
        let live = try Live()
        defer { live.server.stop() }
        let bogus = String(repeating: "x", count: 43)
        try Self.expectNothingWritten(
            live, "/survey/kneeBendVideo/0/upload", session: bogus, csrf: String(repeating: "t", count: 43),
            status: "401")
    }

    @Test func anUploadWithAWrongCSRFTokenWritesNothingToDisk() throws {
        let live = try Live()
        defer { live.server.stop() }
        try Self.expectNothingWritten(
            live, "/survey/kneeBendVideo/0/upload", session: live.session, csrf: String(repeating: "f", count: 43),
            status: "403")
    }

    @Test func anUploadForAnEventThatDoesNotExistWritesNothingToDisk() throws {
        let live = try Live()
        defer { live.server.stop() }
        for path in ["/survey/noSuchTask/0/upload", "/survey/someone.kneeBendVideo/0/upload"] {
            try Self.expectNothingWritten(live, path, session: live.session, csrf: live.client.lastCSRF, status: "404")
        }
    }

    @Test func anAcceptedUploadIsSpooledWhileItArrives() throws {
        let live = try Live()
        defer { live.server.stop() }
        let result = try live.upload(
            "/survey/kneeBendVideo/0/upload", session: live.session, csrf: live.client.lastCSRF)
        #expect(result.status.hasPrefix("HTTP/1.1 200"))
        #expect(result.halfway)
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: live.incoming.path)) ?? []).isEmpty)
    }
}
