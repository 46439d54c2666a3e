import Foundation

/// Runs the built `recover` binary as a process and captures its output and exit code.
struct CLIProcess {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The `recover` executable beside the test bundle in the build folder.
    static var executable: URL {
        if let path = ProcessInfo.processInfo.environment["RECOVER_BIN"] { return URL(fileURLWithPath: path) }
        // The test runner is `<build>/debug/RecoverPackageTests.xctest`; `recover` is its sibling.
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        return runner.deletingLastPathComponent().appendingPathComponent("recover")
    }

    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self)
        )
    }
}
