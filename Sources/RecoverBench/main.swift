import Foundation

// Benchmarks print `name: value unit` lines. Suites are added per area (care, web, export).
let suites: [String: @Sendable () async throws -> Void] = [
    "care": CareBenchmark.run,
    "care-queries": { CareBenchmark.runQueries() },
    "console": { try await ConsoleBenchmark.run() },
    "storage": storageBenchmark,
    "survey": surveyBenchmark,
    "web": { try await WebBenchmark.run() },
    "export": exportBenchmark,
    "feed": { try FeedBenchmark.run() },
    "health": { try HealthBenchmark.run() },
    "slow-clients": { try SlowClientBenchmark.run() },
    "postgres": { try PostgresBenchmark.run() },
]
let requested = Array(CommandLine.arguments.dropFirst())
if requested.isEmpty || requested.contains(where: { suites[$0] == nil }) {
    print("usage: recover-bench <suite>...  (suites: \(suites.keys.sorted().joined(separator: ", ")))")
    exit(requested.isEmpty ? 0 : 64)
}
for name in requested {
    try await suites[name]?()
}
