import Foundation
import Testing

@Suite struct ServeCommandTests {
    static func temporaryFolder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)").path
    }

    /// Starts `recover serve` on a free port, reads stdout until `until` appears, then sends SIGTERM;
    /// returns (stdout, exit status).
    static func serveOnce(dataDir: String, until marker: String) throws -> (output: String, status: Int32) {
        let process = Process()
        process.executableURL = CLIProcess.executable
        process.arguments = ["serve", "--data-dir", dataDir, "--port", "0"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        try process.run()
        var output = ""
        let deadline = Date().addingTimeInterval(20)
        while !output.contains(marker), Date() < deadline, process.isRunning {
            let data = out.fileHandleForReading.availableData
            if data.isEmpty { break }
            output += String(decoding: data, as: UTF8.self)
        }
        process.terminate()  // SIGTERM
        process.waitUntilExit()
        return (output, process.terminationStatus)
    }

    @Test func firstStartPrintsAdminPasswordAndInvitationThenLaterStartsOnlyTheURL() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try Self.serveOnce(dataDir: folder, until: "Invitation:")
        #expect(first.status == 0)
        #expect(first.output.contains("Recover is running at http://127.0.0.1:"))
        #expect(first.output.contains("Admin email:    admin@recover.local"))
        #expect(first.output.contains("Admin password: "))
        #expect(first.output.contains("/join/"))
        #expect(FileManager.default.fileExists(atPath: folder + "/recover.sqlite"))

        let second = try Self.serveOnce(dataDir: folder, until: "Recover is running")
        #expect(second.status == 0)
        #expect(second.output.contains("Recover is running at"))
        #expect(!second.output.contains("Admin password"))
    }

    @Test func aTrustedProxyMustBeANumericAddress() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let refused = try CLIProcess.run(["serve", "--trusted-proxy", "proxy.example", "--data-dir", folder])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--trusted-proxy takes a numeric IPv4 or IPv6 address"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/recover.sqlite"))
        let help = try CLIProcess.run(["serve", "--help"])
        #expect(help.stdout.contains("--trusted-proxy ADDR"))
    }

    @Test func inviteprintsTheRequestedNumberOfDistinctLinks() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CLIProcess.run([
            "invite", "--count", "3", "--data-dir", folder, "--base-url", "https://study.example/",
        ])
        #expect(result.status == 0)
        let links = result.stdout.split(separator: "\n")
        #expect(links.count == 3)
        #expect(Set(links).count == 3)
        #expect(links.allSatisfy { $0.hasPrefix("https://study.example/join/") })
    }

    @Test func staffAddReadsThePasswordFromStandardInputAndRefusesWeakOnes() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let added = try CLIProcess.run(
            ["staff", "add", "--email", "r@example.com", "--role", "researcher", "--data-dir", folder],
            stdin: "a long enough passphrase\n")
        #expect(added.status == 0)
        #expect(added.stdout.contains("Added researcher r@example.com"))
        let weak = try CLIProcess.run(
            ["staff", "add", "--email", "w@example.com", "--role", "admin", "--data-dir", folder], stdin: "password\n")
        #expect(weak.status == 65)
        #expect(weak.stderr.contains("too common"))
        let taken = try CLIProcess.run(
            [
                "staff", "add", "--email", "r@example.com", "--role", "admin", "--generate-password", "--data-dir",
                folder,
            ])
        #expect(taken.status == 65)
        let badRole = try CLIProcess.run(["staff", "add", "--email", "p@example.com", "--role", "participant"])
        #expect(badRole.status == 64)
    }

    @Test func generatedStaffPasswordIsPrintedOnce() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CLIProcess.run(
            [
                "staff", "add", "--email", "a@example.com", "--role", "admin", "--generate-password", "--data-dir",
                folder,
            ])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Password (shown only now): "))
    }
}
