import Foundation
import MailTestSupport
import Testing

/// `recover mail test`, `recover mail status` and `serve`'s mail options, run as the built binary, with a real
/// SMTP server (aiosmtpd) where one is needed.
@Suite struct MailCommandTests {
    static let password = "hunter2-secret"

    @Test(.enabled(if: SMTPTestServer.isAvailable, SMTPTestServer.skipMessage))
    func mailTestSendsThroughTheRelayAndExitsZero() throws {
        let server = try SMTPTestServer.start()
        let result = try CLIProcess.run([
            "mail", "test", "--to", "ada@example.org", "--language", "zh-Hans",
            "--smtp-url", "smtp://127.0.0.1:\(server.port)?tls=none", "--mail-from", "study@example.org",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("sent a test message to ada@example.org"))
        let received = try server.waitForMessages(1)
        #expect(received.map(\.recipients) == [["ada@example.org"]])
        #expect(String(decoding: received[0].raw, as: UTF8.self).contains("Subject: =?UTF-8?B?"))
    }

    @Test func mailTestExits69WhenTheRelayCannotBeReached() throws {
        let port = try SMTPTestServer.freePort()
        let result = try CLIProcess.run(
            ["mail", "test", "--to", "ada@example.org", "--mail-from", "study@example.org"],
            environment: ["RECOVER_SMTP_URL": "smtp://user:\(Self.password)@127.0.0.1:\(port)"])
        #expect(result.status == 69)
        #expect(result.stderr.contains("the mail relay cannot be reached"))
        #expect(!(result.stdout + result.stderr).contains(Self.password))
    }

    @Test func malformedMailOptionsExit64WithoutShowingThePassword() throws {
        let cases: [([String], [String: String])] = [
            (
                ["--smtp-url", "smtp://user:\(Self.password)@mail.example.org:99999", "--mail-from", "s@example.org"],
                [:]
            ),
            (["--smtp-url", "http://user:\(Self.password)@mail.example.org", "--mail-from", "s@example.org"], [:]),
            (["--mail-from", "s@example.org"], ["RECOVER_SMTP_URL": "smtp://user:\(Self.password)@host?tls=none"]),
            (["--smtp-url", "smtp://127.0.0.1:25?tls=none", "--mail-from", "not an address"], [:]),
            (["--smtp-url", "smtp://127.0.0.1:25?tls=none"], ["RECOVER_MAIL_FROM": ""]),
        ]
        for (options, environment) in cases {
            let result = try CLIProcess.run(
                ["mail", "test", "--to", "ada@example.org"] + options, environment: environment)
            #expect(result.status == 64, "\(options)")
            #expect(!result.stderr.isEmpty)
            #expect(!(result.stdout + result.stderr).contains(Self.password))
        }
        let badRecipient = try CLIProcess.run([
            "mail", "test", "--to", "ada", "--smtp-url", "smtp://127.0.0.1:25?tls=none", "--mail-from", "s@example.org",
        ])
        #expect(badRecipient.status == 64)
    }

    @Test func mailStatusSaysNothingIsSentWithoutARelayAndCountsTheOutbox() throws {
        let folder = LiveServer.temporaryFolder("mail-status")
        #expect(try CLIProcess.run(["invite", "--data-dir", folder.path]).status == 0)
        try Self.queue(to: "ada@example.org", in: folder)
        let result = try CLIProcess.run(
            ["mail", "status", "--data-dir", folder.path, "--recent", "5"], environment: ["RECOVER_SMTP_URL": ""])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("no SMTP relay configured (--smtp-url): messages stay queued, nothing is sent"))
        #expect(result.stdout.contains("outbox: queued 1, sending 0, sent 0, failed 0; due now 1"))
        #expect(result.stdout.contains("test to ada@example.org: queued, 0 attempts"))
    }

    @Test func serveWithAnUnreachableRelayWarnsAndStillServes() throws {
        let port = try SMTPTestServer.freePort()
        let server = LiveServer(folder: LiveServer.temporaryFolder("mail-down"))
        server.arguments = [
            "--smtp-url", "smtp://user:\(Self.password)@127.0.0.1:\(port)", "--mail-from", "study@example.org",
        ]
        try server.start()
        defer { server.stop() }
        let deadline = Date().addingTimeInterval(20)
        while !server.errorOutput.contains("mail: warning") && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        #expect(server.errorOutput.contains("mail: warning: the mail relay cannot be reached"))
        #expect(server.errorOutput.contains("queued messages wait"))
        #expect(!server.errorOutput.contains(Self.password))
        #expect(server.errorOutput.contains("push: Web Push on, contact mailto:study@example.org"))
        #expect(server.port != nil, "the server runs")
    }

    @Test(.enabled(if: SMTPTestServer.isAvailable, SMTPTestServer.skipMessage))
    func serveSendsAQueuedMessageThroughItsRelay() throws {
        let relay = try SMTPTestServer.start()
        let folder = LiveServer.temporaryFolder("mail-serve")
        #expect(try CLIProcess.run(["invite", "--data-dir", folder.path]).status == 0)
        try Self.queue(to: "li@example.org", in: folder)
        let server = LiveServer(folder: folder)
        server.arguments = [
            "--smtp-url", "smtp://127.0.0.1:\(relay.port)?tls=none", "--mail-from", "study@example.org",
            "--public-url", "https://study.example.org/",
        ]
        try server.start()
        defer { server.stop() }
        let received = try relay.waitForMessages(1, timeout: 20)
        #expect(received.map(\.recipients) == [["li@example.org"]])
        let status = try CLIProcess.run(["mail", "status", "--data-dir", folder.path])
        #expect(status.stdout.contains("sent 1"))
    }

    /// One queued test message in the folder's database, written with the sqlite3 tool (no use case queues a
    /// test message).
    static func queue(to recipient: String, in folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [
            folder.appending(path: "recover.sqlite").path,
            """
            INSERT INTO message_outbox (id, kind, recipient, language, parameters, dedupe_key, state, attempts,
                next_attempt_at, created_at)
            VALUES ('m-1', 'test', '\(recipient)', 'en', '{}', 'test:1', 'queued', 0, '2026-01-01T00:00:00.000Z',
                '2026-01-01T00:00:00.000Z');
            """,
        ]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}
