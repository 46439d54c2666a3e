import Care
import CareSQLite
import Exports
import Foundation
import RecoverData
import SQLite

/// `recover-bench feed`: the participant feed page's read (`StudyDatabase.feed`: today's events, the week's
/// events and the drafts, in one read transaction) for one participant with the Recover study's plan, written
/// by `DemoData` like a real participant's (onboarding, check-ins, range of motion; `FEED_BENCH_DAYS` days of
/// data, default 90). Prints the best of 5 rounds of `FEED_BENCH_READS` reads (default 2000) and the JSON
/// columns one read decodes, against baselines that decode every task version and outcome (see `run`).
enum FeedBenchmark {
    static let days = Int(ProcessInfo.processInfo.environment["FEED_BENCH_DAYS"] ?? "") ?? 90
    static let reads = Int(ProcessInfo.processInfo.environment["FEED_BENCH_READS"] ?? "") ?? 2000

    static func run() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "recover-bench-feed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try RecoverSchema.open(
            at: folder.appending(path: "recover.sqlite"), configuration: DatabaseConfiguration(durability: .normal))
        let records = StudyDatabase(database: database)
        try DemoData(participants: 1, days: days, seed: 7).generate(into: records)
        guard let account = try records.accounts.account(email: DemoData.email(1))
        else { throw FeedBenchmarkFailure.noParticipant }
        let participant = try records.participant(account, now: Date())
        let day = participant.today.addingDays(-1)
        let weekStart = day.addingDays(-6)
        let events = try records.feed(for: participant, day: day, weekStart: weekStart)
        print("feed.events_per_read: \(events.day.count) day, \(events.week.count) week")

        // Baselines in the same process, measured in alternating rounds: the feed read starting each time with an
        // empty shared cache, and the feed's two event queries decoding every row (`entries: 0`), as every read
        // did before the store kept decoded records, against the same two queries through the shared cache.
        let shared = CareRecordCache.shared
        let uncached = CareRecordCache(entries: 0)
        let zone = participant.zone.identifier
        let queries = [
            EventQuery(day: day, timeZoneIdentifier: zone, carePlanIDs: [participant.carePlanID]),
            EventQuery(
                from: weekStart, through: weekStart.addingDays(6), timeZoneIdentifier: zone,
                carePlanIDs: [participant.carePlanID]),
        ]
        let feed = { _ = try records.feed(for: participant, day: day, weekStart: weekStart) }
        let eventQueries = { (cache: CareRecordCache) in
            try database.read { db in
                for query in queries { _ = try SQLiteCareStore.events(query, cache: cache, in: db) }
            }
        }
        let emptied = {
            shared.removeAll()
            try feed()
        }
        let times = try bestMicrosecondsPerRead([
            feed, emptied, { try eventQueries(shared) }, { try eventQueries(uncached) },
        ])
        report("feed.participant_feed_read", times[0], decodes: try decodes(in: shared, feed))
        report("feed.participant_feed_read.empty_cache", times[1], decodes: try decodes(in: shared, emptied))
        report("feed.event_queries", times[2], decodes: try decodes(in: shared) { try eventQueries(shared) })
        report(
            "feed.event_queries.uncached", times[3], decodes: try decodes(in: uncached) { try eventQueries(uncached) })
        print(String(format: "feed.participant_feed_read.speedup_over_empty_cache: %.2f x", times[1] / times[0]))
        print(String(format: "feed.event_queries.speedup_over_uncached: %.2f x", times[3] / times[2]))
    }

    /// For each body, the best of 5 rounds of ``reads`` calls, in microseconds per call; the bodies take turns
    /// round by round, so drifting load on a shared machine hits them alike.
    static func bestMicrosecondsPerRead(_ bodies: [() throws -> Void]) throws -> [Double] {
        var best = Array(repeating: Double.infinity, count: bodies.count)
        for _ in 0..<5 {
            for (index, body) in bodies.enumerated() {
                let start = DispatchTime.now().uptimeNanoseconds
                for _ in 0..<reads { try body() }
                let microseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3 / Double(reads)
                best[index] = min(best[index], microseconds)
            }
        }
        return best
    }

    /// How many JSON columns one call of `body` decodes through `cache`.
    static func decodes(in cache: CareRecordCache, _ body: () throws -> Void) throws -> Int {
        let before = cache.decodeCount
        try body()
        return cache.decodeCount - before
    }

    static func report(_ name: String, _ microseconds: Double, decodes: Int) {
        let rate = Int(1e6 / microseconds)
        print("\(name): \(String(format: "%.1f", microseconds)) µs/read, \(rate) reads/s, \(decodes) JSON decodes/read")
    }

    enum FeedBenchmarkFailure: Error {
        case noParticipant
    }
}
