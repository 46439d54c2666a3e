import Foundation
import Testing

/// `recover serve`'s connection limits and deadlines: each a whole number within its bounds, else a usage error
/// before anything starts.
@Suite struct ServeOptionsTests {
    @Test func connectionOptionsOutOfBoundsAreUsageErrors() throws {
        let folder = ServeCommandTests.temporaryFolder()
        let cases: [([String], String)] = [
            (["--header-timeout", "0"], "--header-timeout expects a whole number from 1 to 600, got '0'"),
            (["--connections", "99999999999999999999"], "--connections expects a whole number"),
            (["--connections-per-address", "-1"], "--connections-per-address expects a whole number from 0"),
            (["--idle-timeout", "1e3"], "--idle-timeout expects a whole number"),
            (["--min-body-rate", "fast"], "--min-body-rate expects a whole number"),
        ]
        for (options, message) in cases {
            let result = try CLIProcess.run(["serve", "--data-dir", folder, "--port", "0"] + options)
            #expect(result.status == 64, "\(options)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/recover.sqlite"))
    }

    @Test func helpListsTheConnectionOptions() throws {
        let result = try CLIProcess.run(["serve", "--help"])
        for option in [
            "--connections", "--connections-per-address", "--header-timeout", "--idle-timeout", "--min-body-rate",
        ] {
            #expect(result.stdout.contains(option))
        }
    }
}
