import Exports
import Foundation
import RecoverData
import SQLite

/// `recover-bench feed`: the participant feed page's read (`StudyDatabase.feed`: today's events, the week's
/// events and the drafts, in one read transaction) for one participant with the Recover study's plan, written
/// by `DemoData` like a real participant's (onboarding, check-ins, range of motion; `FEED_BENCH_DAYS` days of
/// data, default 90). Prints the best of 5 rounds of `FEED_BENCH_READS` reads (default 2000).
enum FeedBenchmark {
    static let days = Int(ProcessInfo.processInfo.environment["FEED_BENCH_DAYS"] ?? "") ?? 90
    static let reads = Int(ProcessInfo.processInfo.environment["FEED_BENCH_READS"] ?? "") ?? 2000

    static func run() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "recover-bench-feed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try RecoverSchema.open(
            at: folder.appending(path: "recover.sqlite"), configuration: DatabaseConfiguration(durability: .normal))
        try DemoData(participants: 1, days: days, seed: 7).generate(into: database)
        let records = StudyDatabase(database: database)
        guard let account = try database.read({ db in try AccountStore.account(email: DemoData.email(1), in: db) })
        else { throw FeedBenchmarkFailure.noParticipant }
        let participant = try records.participant(account, now: Date())
        let day = participant.today.addingDays(-1)
        let weekStart = day.addingDays(-6)
        let events = try records.feed(for: participant, day: day, weekStart: weekStart)
        print("feed.events_per_read: \(events.day.count) day, \(events.week.count) week")

        let microseconds = try bestMicrosecondsPerRead {
            _ = try records.feed(for: participant, day: day, weekStart: weekStart)
        }
        report("feed.participant_feed_read", microseconds)
    }

    /// The best of 5 rounds of ``reads`` calls of `body`, in microseconds per call.
    static func bestMicrosecondsPerRead(_ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<5 {
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<reads { try body() }
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3 / Double(reads))
        }
        return best
    }

    static func report(_ name: String, _ microseconds: Double) {
        print("\(name): \(String(format: "%.1f", microseconds)) µs/read, \(Int(1e6 / microseconds)) reads/s")
    }

    enum FeedBenchmarkFailure: Error {
        case noParticipant
    }
}
