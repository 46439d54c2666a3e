import Foundation
import Testing

/// The crash campaign: the real server killed with SIGKILL again and again while participants write, and
/// every write it acknowledged still there afterwards, with an intact audit chain.
///
/// `swift test` runs a short campaign (3 kills); `scripts/crash-test.sh N` runs N kills through the
/// `RECOVER_CRASH_KILLS` variable and prints the figures line.
@Suite(.serialized) struct CrashCampaignTests {
    static let defaultKills = 3

    /// Kills from `RECOVER_CRASH_KILLS` (1 to 1000), or the short default.
    static func kills() throws -> Int {
        guard let text = ProcessInfo.processInfo.environment["RECOVER_CRASH_KILLS"] else { return defaultKills }
        guard let kills = Int(text), (1...1000).contains(kills) else {
            throw CampaignError(description: "RECOVER_CRASH_KILLS must be a whole number from 1 to 1000, got '\(text)'")
        }
        return kills
    }

    struct CampaignError: Error, CustomStringConvertible {
        let description: String
    }

    @Test func everyAcknowledgedWriteSurvivesSIGKILLsUnderLoadAndTheAuditChainVerifies() throws {
        let kills = try Self.kills()
        let folder = LiveServer.temporaryFolder("crash")
        // Invitations enough for the campaign: interrupted visits resume, a few new ones start per server.
        let load = StudyLoad(invitations: try StudyLoad.invitations(12 * kills + 60, in: folder))
        let server = LiveServer(folder: folder)
        load.start(participants: 6)
        var auditFailures: [String] = []
        for _ in 0..<kills {
            let port = try server.start()
            load.port.withLock { $0 = port }
            // Kill at a random moment once writes are flowing: after at least one new acknowledgement.
            let before = load.snapshot.count
            let deadline = Date().addingTimeInterval(Double.random(in: 0.3...0.9))
            let giveUp = Date().addingTimeInterval(60)
            while Date() < deadline || load.snapshot.count == before, Date() < giveUp { usleep(5_000) }
            load.port.withLock { $0 = nil }
            server.kill()
            let audit = try CLIProcess.run(["audit", "verify", "--data-dir", folder.path])
            if audit.status != 0 { auditFailures.append(audit.stdout + audit.stderr) }
        }
        let finalPort = try server.start()
        load.port.withLock { $0 = finalPort }
        usleep(300_000)
        load.stop()
        let stopped = server.stop()
        let acknowledged = load.snapshot
        let lost = try acknowledged.missing(in: folder)
        let audit = try CLIProcess.run(["audit", "verify", "--data-dir", folder.path])
        print("crash campaign: \(kills) kills, \(acknowledged.summary), \(lost.count) lost")

        #expect(stopped == 0)
        #expect(lost == [])
        #expect(auditFailures == [])
        #expect(audit.status == 0, "\(audit.stdout)")
        #expect(audit.stdout.hasPrefix("ok "))
        #expect(acknowledged.checkins.count > 0)
        #expect(load.unexpectedAnswers == [])
    }
}
