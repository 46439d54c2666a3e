import Foundation
import HealthImport

/// `recover-bench health`: Recover's Apple Health import against `healthkit-to-sqlite` on the same synthetic
/// export (shared/tools/gen_health_export.py, default size), and the import's peak memory at 1x and 4x the records.
///
/// Each import runs in a child process (this binary again, with `HEALTH_BENCH_IMPORT` set), so its peak RSS
/// (VmHWM) is its own. Environment: `HEALTH_BENCH_RUNS` (default 3), `HEALTH_BENCH_GENERATOR` (the generator's
/// path), `HEALTH_BENCH_VENV` (default `.venv`, where `scripts/setup.sh test` installs healthkit-to-sqlite),
/// `HEALTH_BENCH_FOLDER` (keep and reuse the generated exports there instead of a temporary folder),
/// `HEALTH_BENCH_PEER=0` (skip the peer).
enum HealthBenchmark {
    static let environment = ProcessInfo.processInfo.environment
    static let runs = max(1, min(20, Int(environment["HEALTH_BENCH_RUNS"] ?? "") ?? 3))
    static let generator = environment["HEALTH_BENCH_GENERATOR"] ?? "/work/shared/tools/gen_health_export.py"
    static let venv = environment["HEALTH_BENCH_VENV"] ?? FileManager.default.currentDirectoryPath + "/.venv"

    /// One import's figures, as the child prints them.
    struct Run {
        var records = 0
        var kept = 0
        var days = 0
        var seconds = 0.0
        var peakKilobytes = 0
        var skipped = ""
        /// User plus system CPU seconds of the child.
        var cpuSeconds = 0.0
    }

    static func run() throws {
        if let path = environment["HEALTH_BENCH_IMPORT"] {
            try importInChild(URL(filePath: path))
            return
        }
        let kept = environment["HEALTH_BENCH_FOLDER"].map { URL(filePath: $0) }
        let folder = kept ?? FileManager.default.temporaryDirectory.appending(path: "recover-bench-health-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { if kept == nil { try? FileManager.default.removeItem(at: folder) } }

        let single = try export(folder.appending(path: "export-1x.zip"), scale: 1)
        let quadruple = try export(folder.appending(path: "export-4x.zip"), scale: 4)
        let ones = try (0..<runs).map { _ in try importInChildProcess(single) }
        let fours = try (0..<runs).map { _ in try importInChildProcess(quadruple) }
        let best = ones.min { $0.seconds < $1.seconds } ?? Run()
        let bestFour = fours.min { $0.seconds < $1.seconds } ?? Run()
        let peakOne = ones.map(\.peakKilobytes).max() ?? 0
        let peakFour = fours.map(\.peakKilobytes).max() ?? 0
        report("health.1x.zip_bytes", Double(size(single)), "bytes")
        report("health.1x.records", Double(best.records), "records (\(best.kept) kept, \(best.days) days)")
        print("health.1x.skipped: \(best.skipped)")
        report("health.1x.wall", best.seconds, "s (best of \(runs))")
        report("health.1x.cpu", ones.map(\.cpuSeconds).min() ?? 0, "s user+system (least of \(runs))")
        report("health.1x.rate", Double(best.records) / best.seconds, "records/s")
        report("health.1x.peak_rss", Double(peakOne) / 1024, "MiB (highest of \(runs))")
        report("health.4x.zip_bytes", Double(size(quadruple)), "bytes")
        report("health.4x.records", Double(bestFour.records), "records")
        report("health.4x.wall", bestFour.seconds, "s (best of \(runs))")
        report("health.4x.rate", Double(bestFour.records) / bestFour.seconds, "records/s")
        report("health.4x.peak_rss", Double(peakFour) / 1024, "MiB (highest of \(runs))")
        report("health.peak_rss.4x_over_1x", Double(peakFour) / Double(max(1, peakOne)), "x")
        guard environment["HEALTH_BENCH_PEER"] != "0" else { return }
        let peerCPU = childrenCPUSeconds()
        let peer = try peerSeconds(single, folder: folder)
        let peerCPUSeconds = childrenCPUSeconds() - peerCPU
        report("health.peer.healthkit_to_sqlite.wall", peer, "s (one run)")
        report("health.peer.healthkit_to_sqlite.cpu", peerCPUSeconds, "s user+system")
        report("health.speedup_over_healthkit_to_sqlite", peer / best.seconds, "x (wall)")
        let leastCPU = ones.map(\.cpuSeconds).min() ?? 0
        report("health.speedup_over_healthkit_to_sqlite.cpu", peerCPUSeconds / max(leastCPU, 1e-9), "x (CPU time)")
    }

    /// The child: one import of `url`, then its figures on one line.
    private static func importInChild(_ url: URL) throws {
        let importer = HealthImporter(
            configuration: HealthImportConfiguration(
                grantedTypes: Set(HealthType.allCases), start: Date(timeIntervalSince1970: 1_577_836_800),
                timeZoneIdentifier: "Europe/London"))
        var reports = 0
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try importer.importExport(at: url) { _ in reports += 1 }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let skipped = result.summary.skipped.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }
        print(
            "records=\(result.summary.recordsRead) kept=\(result.summary.recordsKept) days=\(result.days.count) "
                + "seconds=\(seconds) peak_kb=\(peakKilobytes()) progress_reports=\(reports) "
                + "skipped=\(skipped.joined(separator: ","))")
    }

    private static func importInChildProcess(_ url: URL) throws -> Run {
        let process = Process()
        process.executableURL = URL(filePath: "/proc/self/exe")
        process.arguments = ["health"]
        process.environment = environment.merging(["HEALTH_BENCH_IMPORT": url.path]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        let before = childrenCPUSeconds()
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw HealthBenchmarkFailure.childFailed }
        var run = Run()
        run.cpuSeconds = childrenCPUSeconds() - before
        for field in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace) {
            let parts = field.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            switch parts[0] {
            case "records": run.records = Int(parts[1]) ?? 0
            case "kept": run.kept = Int(parts[1]) ?? 0
            case "days": run.days = Int(parts[1]) ?? 0
            case "seconds": run.seconds = Double(parts[1]) ?? 0
            case "peak_kb": run.peakKilobytes = Int(parts[1]) ?? 0
            case "skipped": run.skipped = parts[1]
            default: break
            }
        }
        return run
    }

    /// The generator's default export at `scale` 1, or with four times the step, energy and heart rate records
    /// (the same 1000 days, so the file grows, not the calendar); made once when the folder is kept.
    private static func export(_ url: URL, scale: Int) throws -> URL {
        if FileManager.default.fileExists(atPath: url.path) { return url }
        var arguments = [generator, url.path]
        if scale != 1 {
            arguments += [
                "--steps", "\(500_000 * scale)", "--energy", "\(150_000 * scale)", "--hr", "\(150_000 * scale)",
            ]
        }
        try runQuietly("/usr/bin/python3", arguments)
        return url
    }

    /// `healthkit-to-sqlite export.zip out.db`, wall time.
    private static func peerSeconds(_ url: URL, folder: URL) throws -> Double {
        let database = folder.appending(path: "healthkit-to-sqlite-\(UUID()).db")
        try? FileManager.default.removeItem(at: database)
        defer { try? FileManager.default.removeItem(at: database) }
        let start = DispatchTime.now().uptimeNanoseconds
        try runQuietly(venv + "/bin/healthkit-to-sqlite", [url.path, database.path])
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    private static func runQuietly(_ executable: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(filePath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw HealthBenchmarkFailure.toolFailed(executable) }
    }

    /// CPU seconds (user + system) of this process's children that have ended and been waited for.
    private static func childrenCPUSeconds() -> Double {
        var usage = rusage()
        guard getrusage(RUSAGE_CHILDREN.rawValue, &usage) == 0 else { return 0 }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// This process's peak resident set (VmHWM), kilobytes.
    private static func peakKilobytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return Int(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "") ?? 0
    }

    private static func size(_ url: URL) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.int64Value ?? 0
    }

    private static func report(_ name: String, _ value: Double, _ unit: String) {
        print("\(name): \(String(format: "%.2f", value)) \(unit)")
    }

    enum HealthBenchmarkFailure: Error {
        case childFailed
        case toolFailed(String)
    }
}
