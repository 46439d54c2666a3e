import CareSQLite
import Cryptography
import Foundation
import RecoverData
import RecoverWeb
import SQLite
import Web

/// `recover-bench web`: the study's real routes served over HTTP on 127.0.0.1, each against a C libmicrohttpd
/// hello world (bench/hello.c, same threading) measured in the same run. A data folder with
/// `WEB_BENCH_PARTICIPANTS` (default 10 000) synthetic participants and 30 days of their records each, written
/// by `DemoData` as real participants' are, served by the app `recover serve` builds (durability FULL):
/// - wrk (2 threads, 32 connections, `WEB_BENCH_SECONDS`, default 5): `sign-in`, `feed` (participant 1's feed
///   with a month of history), `survey-step` (their open check-in page), `insights`, `console-dashboard` (an
///   admin, dashboard cache off), `feed-revalidate` (the feed asked again with `If-None-Match` of its `ETag`),
///   each asked as a browser asks (`Accept-Encoding: gzip, deflate, br`), so the pages are sent compressed;
/// - `checkin-submit`: 32 libcurl connections, each complete check-in a GET of the step and a POST of the
///   answers with its CSRF token, committed before the 303; one per open check-in event of the study;
/// - the feed's cost in-process with 10, 1,000 and all participants and with 1, 30 and 365 days of history;
/// - the server's memory after `WEB_BENCH_SOAK_SECONDS` (default 600) of feed load.
enum WebBenchmark {
    static let environment = ProcessInfo.processInfo.environment
    static let duration = environment["WEB_BENCH_SECONDS"] ?? "5"
    static let participants = Int(environment["WEB_BENCH_PARTICIPANTS"] ?? "") ?? 10_000
    static let soakSeconds = Int(environment["WEB_BENCH_SOAK_SECONDS"] ?? "") ?? 600
    /// `WEB_BENCH_ONLY=feed,checkin-submit`: only these parts (for profiling one route with `perf record`).
    static let only = environment["WEB_BENCH_ONLY"].map { Set($0.split(separator: ",").map(String.init)) }

    static func runs(_ part: String) -> Bool { only?.contains(part) ?? true }

    /// What every browser asks of a page: the pages are measured as they are sent to one, compressed.
    static let browserEncodings = "Accept-Encoding: gzip, deflate, br"

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
        report("c-hello", baseline)
        // `WEB_BENCH_DATA_DIR`: the study is made there once and served again by later runs (which each answer a
        // few thousand of its open check-ins), and `recover-bench console` can measure the same folder.
        let study = try BenchStudy(
            folder: environment["WEB_BENCH_DATA_DIR"].map { URL(filePath: $0) }
                ?? folder.appendingPathComponent("study"),
            participants: participants, days: 30, durability: .full)
        print("web.study: \(participants) participants, 30 days, \(try study.outcomeCount()) outcomes")
        let participant = try study.participantToken(1)
        let admin = try study.adminToken()
        let today = try study.openCheckin(of: participant)
        var configuration = ServerConfiguration()
        configuration.port = 0
        let server = try HTTPServer(configuration: configuration, application: study.app.application)
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"

        let routes: [(name: String, path: String, token: String?)] = [
            ("sign-in", "/sign-in", nil),
            ("feed", "/", participant),
            ("survey-step", "/survey/checkin/\(today)/step/1", participant),
            ("insights", "/insights", participant),
            ("console-dashboard", "/console", admin),
        ]
        for route in routes where runs(route.name) {
            try study.expectOK(route.path, token: route.token)
            let headers = (route.token.map { ["Cookie: recover_session=\($0)"] } ?? []) + [browserEncodings]
            let figures = try measure(wrk: wrk, url: base + route.path, headers: headers)
            report(route.name, figures)
            ratio(route.name, figures.requestsPerSecond, baseline)
            let request = Request(
                method: .get, path: route.path, headers: ["accept-encoding": "gzip, deflate, br"],
                cookies: route.token.map { ["recover_session": $0] } ?? [:])
            let cpu = medianMicroseconds(count: route.name == "console-dashboard" ? 20 : 2000) {
                _ = study.app.respond(to: request)
            }
            print(String(format: "web.%@.in-process: %.1f µs/request", route.name, cpu))
            if ["feed", "survey-step"].contains(route.name) {
                // A first visit (a new device, the GET before a check-in's POST): no page kept for the tag yet.
                let first = medianMicroseconds(count: 500) {
                    study.study.pages.removeAll()
                    _ = study.app.respond(to: request)
                }
                print(String(format: "web.%@.in-process-first-visit: %.1f µs/request", route.name, first))
            }
        }

        if runs("feed") || runs("feed-revalidate") {
            try revalidation(study, wrk: wrk, base: base, token: participant, baseline)
        }
        if runs("checkin-submit") {
            let submissions = try checkinSubmissions(study, base: base)
            print(String(format: "web.checkin-submit.submissions-per-second: %.0f /s", submissions.perSecond))
            print(String(format: "web.checkin-submit.p50: %.3f ms", submissions.percentile(0.5)))
            print(String(format: "web.checkin-submit.p99: %.3f ms", submissions.percentile(0.99)))
            print("web.checkin-submit.completed: \(submissions.completed), failed: \(submissions.failed)")
            ratio("checkin-submit", submissions.perSecond, baseline)
        }
        if runs("scaling") { try scaling(study, folder: folder) }
        if runs("soak") { try soak(wrk: wrk, url: base + "/", token: participant) }
    }

    /// `web.feed-revalidate`: the same feed, asked with `If-None-Match` of its last `ETag`, as a browser
    /// revisiting an unchanged feed does (answered 304 after one read of the feed's version).
    static func revalidation(_ study: BenchStudy, wrk: String, base: String, token: String, _ baseline: Figures) throws
    {
        let page = study.app.respond(to: Request(method: .get, path: "/", cookies: ["recover_session": token]))
        guard let tag = page.header("ETag") else { throw Failure("the feed has no ETag") }
        let request = Request(
            method: .get, path: "/", headers: ["if-none-match": tag], cookies: ["recover_session": token])
        let answer = study.app.respond(to: request)
        guard answer.status == .notModified else { throw Failure("the feed answered \(answer.status) to its ETag") }
        let figures = try measure(
            wrk: wrk, url: base + "/", headers: ["Cookie: recover_session=\(token)", "If-None-Match: \(tag)"])
        report("feed-revalidate", figures)
        ratio("feed-revalidate", figures.requestsPerSecond, baseline)
        let cpu = medianMicroseconds(count: 2000) { _ = study.app.respond(to: request) }
        print(String(format: "web.feed-revalidate.in-process: %.1f µs/request", cpu))
    }

    static func ratio(_ name: String, _ perSecond: Double, _ baseline: Figures) {
        print(String(format: "web.%@.ratio-to-c: %.3f", name, perSecond / baseline.requestsPerSecond))
    }

    /// Every open check-in of the study, submitted once each (GET the step, POST its answers) by 32 connections.
    static func checkinSubmissions(_ study: BenchStudy, base: String) throws -> LoadDriver.Outcome {
        let jobs = try study.openCheckins()
        print("web.checkin-submit.open-events: \(jobs.count)")
        let tokens = try jobs.reduce(into: [String: String]()) { tokens, job in
            if tokens[job.email] == nil { tokens[job.email] = try study.token(email: job.email) }
        }
        let work = jobs.map {
            (cookie: "recover_session=\(tokens[$0.email] ?? "")", path: "/survey/checkin/\($0.occurrence)/step/1")
        }
        let seconds = Double(duration) ?? 5
        let before = study.data.records.database.sqlite?.writeStatistics
        defer {
            // Group commit at work: every write of the run (the submissions, and nothing else writes) per COMMIT.
            if let before, let after = study.data.records.database.sqlite?.writeStatistics {
                let commits = after.commits - before.commits
                let writes = after.committedWrites - before.committedWrites
                print(
                    String(
                        format: "web.checkin-submit.commits: %d for %d writes (%.1f writes per commit)", commits,
                        writes, commits == 0 ? 0 : Double(writes) / Double(commits)))
            }
        }
        return try LoadDriver.run(
            connections: 32, jobs: work.count, seconds: seconds, client: { _ in try LoadClient(base: base, cookie: "") }
        ) { client, index in
            let job = work[index]
            try client.setCookie(job.cookie)
            let step = try client.get(job.path)
            guard step.status == 200, let csrf = LoadClient.hiddenValue("csrf", in: step.body),
                let run = LoadClient.hiddenValue("run", in: step.body)
            else { return false }
            let status = try client.post(
                job.path,
                [
                    ("csrf", csrf), ("run", run), ("step", "checkin.form"), ("action", "next"),
                    ("checkin.form.pain", String(1 + index % 10)), ("checkin.form.sleep", String(4 + index % 6)),
                ])
            return status == 303
        }
    }

    /// The feed's cost (µs per request in-process, median of 5 rounds, the page made anew each time) as the study
    /// grows in participants and in days of history: it must stay flat.
    static func scaling(_ study: BenchStudy, folder: URL) throws {
        func cost(_ study: BenchStudy) throws -> Double {
            let token = try study.participantToken(1)
            let request = Request(method: .get, path: "/", cookies: ["recover_session": token])
            // A first visit each time: the page made from the records, which is what could grow with them.
            return medianMicroseconds(count: 1000) {
                study.study.pages.removeAll()
                _ = study.app.respond(to: request)
            }
        }
        let sizes = [(10, 30), (1000, 30), (10, 1), (10, 365)]
        var costs: [String: Double] = ["\(participants)x30": try cost(study)]
        for (count, days) in sizes {
            let other = try BenchStudy(
                folder: folder.appendingPathComponent("scale-\(count)-\(days)"), participants: count, days: days,
                durability: .full)
            costs["\(count)x\(days)"] = try cost(other)
        }
        for (count, days) in [(10, 30), (1000, 30), (participants, 30), (10, 1), (10, 365)] {
            let value = costs["\(count)x\(days)"] ?? .nan
            print(String(format: "web.feed.cost.%dp-%dd: %.1f µs/request", count, days, value))
        }
        let flatParticipants = (costs["\(participants)x30"] ?? .nan) / (costs["10x30"] ?? .nan)
        let flatDays = (costs["10x365"] ?? .nan) / (costs["10x1"] ?? .nan)
        print(String(format: "web.feed.cost.ratio-%dp-to-10p: %.2f", participants, flatParticipants))
        print(String(format: "web.feed.cost.ratio-365d-to-1d: %.2f", flatDays))
    }

    /// The server's resident memory before and after `soakSeconds` of wrk on the feed.
    static func soak(wrk: String, url: String, token: String) throws {
        guard soakSeconds > 0 else {
            print("web.soak: skipped (WEB_BENCH_SOAK_SECONDS=0)")
            return
        }
        let before = residentMegabytes()
        let result = try runToEnd(
            wrk, ["-t2", "-c32", "-d\(soakSeconds)s", "-H", "Cookie: recover_session=\(token)", url])
        guard result.status == 0, let figures = parse(result.output + "\n50% 0ms\n99% 0ms") else {
            throw Failure("wrk failed for the soak: \(result.output)")
        }
        print(String(format: "web.soak.seconds: %d, requests-per-second: %.0f", soakSeconds, figures.requestsPerSecond))
        print(String(format: "web.soak.rss-before: %.1f MB", before))
        print(String(format: "web.soak.rss-after: %.1f MB", residentMegabytes()))
    }

    /// VmRSS of this process (the server runs in it), in MB.
    static func residentMegabytes() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
        else { return .nan }
        return kilobytes / 1024
    }

    /// The median of 5 rounds of `count` calls, in µs per call.
    static func medianMicroseconds(count: Int, _ body: () -> Void) -> Double {
        for _ in 0..<(count / 4) { body() }
        var rounds: [Double] = []
        for _ in 0..<5 {
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<count { body() }
            rounds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3 / Double(count))
        }
        return rounds.sorted()[2]
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
        hello.arguments = [String(port), String(ServerConfiguration.defaultThreads)]
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
