import Foundation
import Postgres
import Testing

/// The PostgreSQL server the tests run against.
///
/// `RECOVER_TEST_DATABASE_URL` names it when set (`make test` sets it, through
/// `scripts/postgres-test-cluster.sh run`). Without it the suite starts a throwaway cluster of its own with
/// that script, in a folder of this process, and stops it when the process exits. Where PostgreSQL is not
/// installed the server suites are skipped with a message, except under CI (`CI` set), where they fail.
public enum TestCluster {
    public static let environmentVariable = "RECOVER_TEST_DATABASE_URL"

    /// The server's URL, or why there is none.
    public static var url: Result<PostgresURL, Unavailable> { server.map(\.url) }

    /// The server's URL as text (with its password), for tests that hand it to a `recover` process.
    public static var urlText: Result<String, Unavailable> { server.map(\.text) }

    private static let server: Result<(url: PostgresURL, text: String), Unavailable> = resolve()

    /// Whether the server is a cluster this process started (and stops at exit), not one named by
    /// ``environmentVariable``.
    static var isOwnCluster: Bool { ProcessInfo.processInfo.environment[environmentVariable]?.isEmpty ?? true }

    /// Whether the server suites run: a server was found, or CI wants them to fail loudly without one.
    public static var isAvailable: Bool {
        if case .success = url { return true }
        return ProcessInfo.processInfo.environment["CI"] != nil
    }

    /// Why no server could be had.
    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }

    private static let ownClusterFolder = "/tmp/recover-postgres-tests-\(getpid())"
    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appending(path: "scripts/postgres-test-cluster.sh")

    private static func resolve() -> Result<(url: PostgresURL, text: String), Unavailable> {
        if let given = ProcessInfo.processInfo.environment[environmentVariable], !given.isEmpty {
            return Result { (try PostgresURL(given), given) }.mapError {
                Unavailable(description: "\(environmentVariable) is not a usable URL: \($0)")
            }
        }
        let started = runScript("start")
        guard started.status == 0 else {
            let reason =
                started.status == 3
                ? "PostgreSQL is not installed (apt-get install postgresql) and \(environmentVariable) is not set"
                : "the test cluster did not start: \(started.errors)"
            print("PostgreSQL test suites skipped: \(reason)")
            return .failure(Unavailable(description: reason))
        }
        // A C callback: nothing is captured, the folder is a static.
        atexit { _ = TestCluster.runScript("stop") }
        let line = started.output.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
        return Result { (try PostgresURL(line), line) }.mapError {
            Unavailable(description: "the test cluster printed no usable URL: \($0)")
        }
    }

    /// Runs the cluster script. Its output goes to files, not pipes: the server it starts keeps the
    /// descriptors it inherited open, so a pipe would never reach its end.
    private static func runScript(_ command: String) -> (status: Int32, output: String, errors: String) {
        let outputFile = URL(fileURLWithPath: "\(ownClusterFolder)-\(command).out")
        let errorFile = URL(fileURLWithPath: "\(ownClusterFolder)-\(command).err")
        defer {
            try? FileManager.default.removeItem(at: outputFile)
            try? FileManager.default.removeItem(at: errorFile)
        }
        guard FileManager.default.createFile(atPath: outputFile.path, contents: nil),
            FileManager.default.createFile(atPath: errorFile.path, contents: nil),
            let output = try? FileHandle(forWritingTo: outputFile),
            let errors = try? FileHandle(forWritingTo: errorFile)
        else { return (127, "", "cannot create files beside \(ownClusterFolder)") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script.path, command]
        var environment = ProcessInfo.processInfo.environment
        environment["RECOVER_TEST_CLUSTER_DIR"] = ownClusterFolder
        process.environment = environment
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return (127, "", "cannot run \(script.path): \(error)")
        }
        process.waitUntilExit()
        try? output.close()
        try? errors.close()
        let printed = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
        let complaints = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        return (process.terminationStatus, printed, complaints)
    }
}
