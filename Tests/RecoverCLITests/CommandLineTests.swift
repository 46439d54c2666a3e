import Foundation
import Testing

@Suite struct CommandLineTests {
    @Test func helpListsSubcommandsAndExitsZero() throws {
        let result = try CLIProcess.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("SUBCOMMANDS:"))
        #expect(result.stdout.contains("version"))
    }

    @Test func unknownCommandIsAUsageError() throws {
        let result = try CLIProcess.run(["no-such-command"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("unknown command 'no-such-command'"))
    }

    @Test func unknownOptionIsAUsageError() throws {
        let result = try CLIProcess.run(["version", "--bogus"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("unknown option --bogus"))
    }
}
