import CareSQLite
import Cryptography
import Foundation
import RecoverData
import RecoverWeb
import SQLite
import Web

/// `recover-bench web`: requests per second and p50/p99 latency (wrk, 2 threads, 32 connections)
/// for the sign-in page and a signed-in page of Recover's server, against a C libmicrohttpd hello
/// world compiled from bench/hello.c and run with the same threading.
enum WebBenchmark {
    static let duration = ProcessInfo.processInfo.environment["WEB_BENCH_SECONDS"] ?? "5"

    struct Figures {
        let requestsPerSecond: Double
        let p50: Double
        let p99: Double
    }

    static func run() async throws {
        guard let wrk = executable("wrk") else {
            print("web: skipped (wrk is not installed; scripts/setup.sh test installs it)")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("web-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let baseline = try measureBaseline(wrk: wrk, folder: folder)

        let database = try RecoverSchema.open(
            at: folder.appendingPathComponent("recover.sqlite"), migrations: AccountStore.migrations,
            configuration: DatabaseConfiguration(durability: .normal))
        let directory = StoredAccountDirectory(database: database)
        let services = WebServices(directory: directory, defaultTimeZone: "UTC")
        let account = Account(
            email: "bench@example.com", passwordHash: try PasswordHasher(strength: .minimum).hash("bench password"),
            role: .participant, timeZone: "UTC", createdAt: Date())
        try directory.addAccount(account)
        let token = try services.sessions.start(for: account, replacing: nil)
        let app = try WebApp(services: services)
        inProcess(app, "sign-in", Request(method: .get, path: "/sign-in"))
        inProcess(app, "signed-in-home", Request(method: .get, path: "/", cookies: ["recover_session": token]))
        inProcess(app, "healthz", Request(method: .get, path: "/healthz"))
        var configuration = ServerConfiguration()
        configuration.port = 0
        let server = try HTTPServer(configuration: configuration, application: app.application)
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        let signIn = try measure(wrk: wrk, url: base + "/sign-in", headers: [])
        let signedIn = try measure(wrk: wrk, url: base + "/", headers: ["Cookie: recover_session=\(token)"])

        report("c-hello", baseline)
        report("sign-in", signIn)
        report("signed-in-home", signedIn)
        print(String(format: "web.sign-in.ratio-to-c: %.2f", signIn.requestsPerSecond / baseline.requestsPerSecond))
        print(
            String(
                format: "web.signed-in-home.ratio-to-c: %.2f", signedIn.requestsPerSecond / baseline.requestsPerSecond))
    }

    /// CPU time of the responder chain alone (no socket), one thread.
    static func inProcess(_ app: WebApp, _ name: String, _ request: Request) {
        let count = 20_000
        for _ in 0..<1000 { _ = app.respond(to: request) }
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for _ in 0..<count { _ = app.respond(to: request) }
        }
        let microseconds = (Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12)
        print(String(format: "web.%@.in-process: %.1f µs/request", name, microseconds / Double(count)))
    }

    static func report(_ name: String, _ figures: Figures) {
        print(String(format: "web.%@.requests-per-second: %.0f req/s", name, figures.requestsPerSecond))
        print(String(format: "web.%@.p50: %.3f ms", name, figures.p50))
        print(String(format: "web.%@.p99: %.3f ms", name, figures.p99))
    }

    /// Builds and runs bench/hello.c, measures it, stops it.
    static func measureBaseline(wrk: String, folder: URL) throws -> Figures {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../bench/hello.c").standardized
        let binary = folder.appendingPathComponent("hello").path
        let compile = try runToEnd("/usr/bin/env", ["cc", "-O2", source.path, "-o", binary, "-lmicrohttpd"])
        guard compile.status == 0 else { throw Failure("cannot compile bench/hello.c: \(compile.output)") }
        let port = 20_000 + Int.random(in: 0..<20_000)
        let hello = Process()
        hello.executableURL = URL(fileURLWithPath: binary)
        hello.arguments = [String(port)]
        let out = Pipe()
        hello.standardOutput = out
        try hello.run()
        defer {
            // SIGKILL: a child spawned from a Dispatch thread may inherit a mask that blocks SIGTERM.
            kill(hello.processIdentifier, SIGKILL)
            hello.waitUntilExit()
        }
        _ = out.fileHandleForReading.availableData  // "ready"
        return try measure(wrk: wrk, url: "http://127.0.0.1:\(port)/", headers: [])
    }

    static func measure(wrk: String, url: String, headers: [String]) throws -> Figures {
        var arguments = ["-t2", "-c32", "--latency"]
        for header in headers { arguments += ["-H", header] }
        _ = try runToEnd(wrk, arguments + ["-d1s", url])  // warm-up
        let result = try runToEnd(wrk, arguments + ["-d\(duration)s", url])
        guard result.status == 0, let figures = parse(result.output) else {
            throw Failure("wrk failed for \(url): \(result.output)")
        }
        return figures
    }

    /// Reads `Requests/sec:` and the 50% / 99% lines of wrk's latency distribution.
    static func parse(_ output: String) -> Figures? {
        var rps: Double?
        var percentiles: [String: Double] = [:]
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.first == "Requests/sec:", fields.count > 1 { rps = Double(fields[1]) }
            if fields.count == 2, ["50%", "99%"].contains(fields[0]) {
                percentiles[String(fields[0])] = milliseconds(String(fields[1]))
            }
        }
        guard let rps, let p50 = percentiles["50%"], let p99 = percentiles["99%"] else { return nil }
        return Figures(requestsPerSecond: rps, p50: p50, p99: p99)
    }

    static func milliseconds(_ text: String) -> Double? {
        for (suffix, factor) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0)] where text.hasSuffix(suffix) {
            return Double(text.dropLast(suffix.count)).map { $0 * factor }
        }
        return nil
    }

    /// A benchmark step that could not run.
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    static func executable(_ name: String) -> String? {
        for directory in ["/usr/bin", "/usr/local/bin", "/bin"] {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    static func runToEnd(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
