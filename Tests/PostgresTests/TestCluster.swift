import Foundation
import Postgres
import Synchronization
import Testing

/// The PostgreSQL server the tests run against.
///
/// `RECOVER_TEST_DATABASE_URL` names it when set (`make test` sets it, through
/// `scripts/postgres-test-cluster.sh run`). Without it the suite starts a throwaway cluster of its own with
/// that script, in a folder of this process, and stops it when the process exits. Where PostgreSQL is not
/// installed the server suites are skipped with a message, except under CI (`CI` set), where they fail.
enum TestCluster {
    static let environmentVariable = "RECOVER_TEST_DATABASE_URL"

    /// The server's URL, or why there is none.
    static let url: Result<PostgresURL, Unavailable> = resolve()

    /// Whether the server suites run: a server was found, or CI wants them to fail loudly without one.
    static var isAvailable: Bool {
        if case .success = url { return true }
        return ProcessInfo.processInfo.environment["CI"] != nil
    }

    /// Why no server could be had.
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    private static let ownClusterFolder = "/tmp/recover-postgres-tests-\(getpid())"
    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appending(path: "scripts/postgres-test-cluster.sh")

    private static func resolve() -> Result<PostgresURL, Unavailable> {
        if let given = ProcessInfo.processInfo.environment[environmentVariable], !given.isEmpty {
            return Result { try PostgresURL(given) }.mapError {
                Unavailable(description: "\(environmentVariable) is not a usable URL: \($0)")
            }
        }
        let started = runScript("start")
        guard started.status == 0 else {
            let reason =
                started.status == 3
                ? "PostgreSQL is not installed (apt-get install postgresql) and \(environmentVariable) is not set"
                : "the test cluster did not start: \(started.errors)"
            print("PostgresTests: server suites skipped: \(reason)")
            return .failure(Unavailable(description: reason))
        }
        // A C callback: nothing is captured, the folder is a static.
        atexit { _ = TestCluster.runScript("stop") }
        let line = started.output.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
        return Result { try PostgresURL(line) }.mapError {
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

/// A fresh schema per test on the test server, dropped afterwards.
enum TestDatabase {
    static let skipMessage: Comment =
        "no PostgreSQL server: set RECOVER_TEST_DATABASE_URL or install postgresql (scripts/postgres-test-cluster.sh)"

    /// The server's URL; throws why there is none.
    static func serverURL() throws -> PostgresURL { try TestCluster.url.get() }

    /// A database on the server as it is, without a schema of its own (for terminating backends).
    static func administrator() throws -> PostgresDatabase {
        try PostgresDatabase.open(serverURL(), configuration: PostgresConfiguration(maximumConnections: 2))
    }

    /// Runs `body` with a database whose `search_path` is a new empty schema, then drops the schema.
    @discardableResult
    static func withSchema<T>(
        configuration: PostgresConfiguration = PostgresConfiguration(maximumConnections: 4),
        migrations: [PostgresMigration] = [], _ body: (PostgresDatabase, PostgresURL) throws -> T
    ) throws -> T {
        let administrator = try administrator()
        // A name we make from hex digits, not input: the one place a test puts a name into SQL text.
        let schema = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try administrator.withConnection { db in try db.execute("CREATE SCHEMA \(schema)") }
        defer {
            _ = try? administrator.withConnection { db in try db.execute("DROP SCHEMA \(schema) CASCADE") }
        }
        let url = try serverURL().setting("options", to: "-c search_path=\(schema)")
        let database = try PostgresDatabase.open(url, migrations: migrations, configuration: configuration)
        defer { database.close() }
        return try body(database, url)
    }

    /// ``withSchema(configuration:migrations:_:)`` for bodies that need only the database.
    @discardableResult
    static func with<T>(
        configuration: PostgresConfiguration = PostgresConfiguration(maximumConnections: 4),
        migrations: [PostgresMigration] = [], _ body: (PostgresDatabase) throws -> T
    ) throws -> T {
        try withSchema(configuration: configuration, migrations: migrations) { database, _ in try body(database) }
    }
}

/// Lets several threads meet: each waits until all have arrived (or five seconds have passed).
final class Rendezvous: Sendable {
    private let parties: Int
    private let arrived = Atomic<Int>(0)
    private let released = DispatchSemaphore(value: 0)

    init(parties: Int) { self.parties = parties }

    func arriveAndWait() {
        if arrived.add(1, ordering: .sequentiallyConsistent).newValue == parties {
            for _ in 1..<parties { released.signal() }
        } else {
            _ = released.wait(timeout: .now() + 5)
        }
    }
}

/// Runs the closures at once on threads of their own and returns their results in order.
func concurrently<T: Sendable>(_ work: [@Sendable () throws -> T]) -> [Result<T, any Error>] {
    let results = Mutex<[Int: Result<T, any Error>]>([:])
    let group = DispatchGroup()
    for (index, item) in work.enumerated() {
        DispatchQueue.global().async(group: group) {
            let result = Result { try item() }
            results.withLock { $0[index] = result }
        }
    }
    group.wait()
    return results.withLock { all in (0..<work.count).map { all[$0]! } }
}

/// Waits until `condition` holds, polling, for up to five seconds.
func eventually(_ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date(timeIntervalSinceNow: 5)
    while Date() < deadline {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: 0.02)
    }
    return false
}
