import Care
import CareSQLite
import Foundation
import RecoverData
import SQLite

/// `recover-bench care`: schedule arithmetic, event queries, durable outcome writes, a patient's day feed.
enum CareBenchmark {
    static func run() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "recover-bench-care-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let zone = TimeZone(identifier: "America/New_York") ?? TimeZone.current
        let today = LocalDate(year: 2025, month: 6, day: 2) ?? LocalDate(dayNumber: 20_000)

        try await bulkEvents(today: today, folder: folder)
        perDayQueries(today: today, zone: zone)
        composedQueries(today: today, zone: zone)
        try await durableWrites(today: today, folder: folder)
        try await dayFeed(today: today, folder: folder)
    }

    /// `recover-bench care-queries`: the schedule query figures of `care` alone, without databases (quick, and
    /// short enough to run under `perf stat` or `perf record`).
    static func runQueries() {
        let zone = TimeZone(identifier: "America/New_York") ?? TimeZone.current
        let today = LocalDate(year: 2025, month: 6, day: 2) ?? LocalDate(dayNumber: 20_000)
        perDayQueries(today: today, zone: zone)
        composedQueries(today: today, zone: zone)
    }

    /// 100 daily tasks over 365 days, through the in-memory store and the SQLite store.
    private static func bulkEvents(today: LocalDate, folder: URL) async throws {
        let memory = InMemoryCareStore()
        let sqlite = try SQLiteCareStore.open(at: folder.appendingPathComponent("bulk.sqlite"))
        for index in 0..<100 {
            let task = CareTask(
                id: "task-\(index)", title: "Task \(index)",
                schedule: .daily(at: LocalTime(hour: 6 + index % 12) ?? .midnight, from: today),
                effectiveDate: today.startOfDay)
            _ = try await memory.addTask(task)
            _ = try await sqlite.addTask(task)
        }
        let query = EventQuery(from: today, through: today.addingDays(364), timeZoneIdentifier: "America/New_York")
        for (name, store) in [("memory", memory as any CareStore), ("sqlite", sqlite)] {
            var count = try await store.events(query).count  // warm-up, untimed
            let seconds = try await measure(iterations: 3) { count = try await store.events(query).count }
            report("care.bulk_events_\(name)", Double(count) * 3 / seconds, "events/s")
        }
    }

    /// One day of a daily schedule that began 1 day ago and one that began 5 years ago, and the same for an
    /// every-8-hours schedule, against CareKit's published figure for the 1-day-old daily schedule.
    ///
    /// Every measured run's events are tallied (count and sum of occurrence indices) and checked against the
    /// schedule's own answer for those days, so no query can be optimised away or answer wrongly unnoticed.
    private static func perDayQueries(today: LocalDate, zone: TimeZone) {
        let eight = LocalTime(hour: 8) ?? .midnight
        // A store reads the zone's rules once per query and evaluates every task with them.
        let rules = ZoneRules(zone)
        let iterations = 1_000_000
        let young = Schedule.daily(at: eight, from: today.addingDays(-1))
        let old = Schedule.daily(at: eight, from: today.addingDays(-5 * 365))
        let daily = compareAges(young: young, old: old, today: today, rules: rules, iterations: iterations) {
            schedule, day, tally in
            tally.add(schedule.events(on: day, in: rules))
        }
        report("care.day_query_1_day_old", daily.young, "queries/s")
        report("care.day_query_5_years_old", daily.old, "queries/s")
        report("care.day_query_cost_ratio_5y_over_1d", daily.young / daily.old, "x")
        report("care.day_query_carekit_1_day_old_reference", careKitDayQueries, "queries/s")
        report("care.day_query_1_day_old_over_carekit", daily.young / careKitDayQueries, "x")

        // As a store evaluates a query's tasks (`CareTaskHistory.appendScheduleEvents`): appending to one reused
        // array instead of a new array each.
        var buffer: [ScheduleEvent] = []
        let appended = compareAges(young: young, old: old, today: today, rules: rules, iterations: iterations) {
            schedule, day, tally in
            buffer.removeAll(keepingCapacity: true)
            schedule.appendEvents(on: day, in: rules, to: &buffer)
            tally.add(buffer)
        }
        report("care.day_query_appended_1_day_old", appended.young, "queries/s")
        report("care.day_query_appended_5_years_old", appended.old, "queries/s")
        report("care.day_query_appended_cost_ratio_5y_over_1d", appended.young / appended.old, "x")
        report("care.day_query_appended_1_day_old_over_carekit", appended.young / careKitDayQueries, "x")

        // The machine's floor for any query that returns one event in a new array: on a shared machine it shows
        // how much of a figure is the load rather than the schedule arithmetic.
        let floor = compareAges(
            young: young, old: old, today: today, rules: rules, iterations: iterations, checked: false
        ) { _, day, tally in tally.add(oneEventArray(on: day)) }
        report("care.one_event_array_floor", floor.young, "arrays/s")

        let lookedUp = compareAges(young: young, old: old, today: today, rules: rules, iterations: iterations / 4) {
            schedule, day, tally in
            tally.add(schedule.events(on: day, in: zone))
        }
        report("care.day_query_1_day_old_zone_looked_up_per_call", lookedUp.young, "queries/s")

        func everyEightHours(from day: LocalDate) -> Schedule {
            Schedule(ScheduleElement(start: LocalDateTime(date: day, time: eight), interval: .hours(8)))
        }
        let hourly = compareAges(
            young: everyEightHours(from: today.addingDays(-1)), old: everyEightHours(from: today.addingDays(-5 * 365)),
            today: today, rules: rules, iterations: iterations
        ) { schedule, day, tally in tally.add(schedule.events(on: day, in: rules)) }
        report("care.day_query_every_8_hours_1_day_old", hourly.young, "queries/s")
        report("care.day_query_every_8_hours_5_years_old", hourly.old, "queries/s")
        report("care.day_query_every_8_hours_cost_ratio_5y_over_1d", hourly.young / hourly.old, "x")

        var lookupTally = QueryTally()
        let lookups =
            Double(iterations)
            / measureSync {
                for offset in 0..<iterations {
                    lookupTally.add(old.event(occurrence: 1800 + offset % 7, in: rules).map { [$0] } ?? [])
                }
            }
        guard lookupTally.events == iterations else { fail("occurrence lookups found \(lookupTally.events) events") }
        report("care.occurrence_lookup_5_years_old", lookups, "lookups/s")
    }

    /// What a run of queries returned: the number of events and the sum of their occurrence indices.
    private struct QueryTally: Equatable {
        var events = 0
        var occurrenceSum = 0

        mutating func add(_ found: [ScheduleEvent]) {
            events &+= found.count
            for event in found { occurrenceSum &+= event.occurrence }
        }
    }

    /// One event in a new array, made where the optimiser cannot keep it on the stack, as a query's result is.
    @inline(never)
    private static func oneEventArray(on day: LocalDate) -> [ScheduleEvent] {
        [
            ScheduleEvent(
                occurrence: day.day, element: 0, localStart: day.startOfDay, start: Date(timeIntervalSince1970: 0),
                end: Date(timeIntervalSince1970: Double(day.day)), isAllDay: false)
        ]
    }

    /// CareKit 4's one-day queries of a 1-day-old daily schedule (issue 19), the figure to beat 100 times.
    private static let careKitDayQueries = 131_000.0

    /// The best rate of one-day queries over 7 days for each schedule, alternating them so that warm-up and noise
    /// hit both alike. When `checked`, each run's tally must equal the schedule's own events for those days.
    private static func compareAges(
        young: Schedule, old: Schedule, today: LocalDate, rules: ZoneRules, iterations: Int, checked: Bool = true,
        query: (Schedule, LocalDate, inout QueryTally) -> Void
    ) -> (young: Double, old: Double) {
        // The seven days are made once: the figure is the query's cost, not the date arithmetic of the loop.
        let days = (0..<7).map { today.addingDays($0) }
        func expected(_ schedule: Schedule) -> QueryTally {
            var tally = QueryTally()
            for offset in 0..<7 {
                let times = iterations / 7 + (offset < iterations % 7 ? 1 : 0)
                let found = schedule.events(
                    from: days[offset].startOfDay, to: days[offset].addingDays(1).startOfDay, in: rules)
                tally.events &+= found.count &* times
                for event in found { tally.occurrenceSum &+= event.occurrence &* times }
            }
            return tally
        }
        let youngExpected = expected(young)
        let oldExpected = expected(old)
        var youngBest = Double.infinity
        var oldBest = Double.infinity
        for round in 0..<6 {
            // Whichever runs first in a round pays for cache and frequency changes: swap the order each round.
            for isYoung in round.isMultiple(of: 2) ? [true, false] : [false, true] {
                let schedule = isYoung ? young : old
                var tally = QueryTally()
                let elapsed = measureSync {
                    for offset in 0..<iterations { query(schedule, days[offset % 7], &tally) }
                }
                if checked, tally != (isYoung ? youngExpected : oldExpected) {
                    fail("one-day queries returned \(tally), expected \(isYoung ? youngExpected : oldExpected)")
                }
                if isYoung { youngBest = min(youngBest, elapsed) } else { oldBest = min(oldBest, elapsed) }
            }
        }
        return (Double(iterations) / youngBest, Double(iterations) / oldBest)
    }

    /// Stops the benchmark: a figure from wrong answers is no figure.
    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("error: care benchmark: \(message)\n".utf8))
        exit(70)
    }

    /// The Recover range-of-motion schedule plus a timed element: one-day queries over its whole span.
    private static func composedQueries(today: LocalDate, zone: TimeZone) {
        let schedule = Schedule(elements: [
            .dailyAllDay(from: today, until: today.addingDays(7)),
            .weeklyAllDay(from: today.addingDays(7), until: today.addingMonths(1)),
            .daily(at: LocalTime(hour: 8) ?? .midnight, from: today),
        ])
        let iterations = 20_000
        let rate =
            Double(iterations)
            / measureSync {
                for offset in 0..<iterations { sink(schedule.events(on: today.addingDays(offset % 40), in: zone)) }
            }
        report("care.composed_schedule_day_queries", rate, "queries/s")
    }

    /// Outcome writes through the SQLite store (one transaction each, synchronous=FULL) against a raw loop.
    private static func durableWrites(today: LocalDate, folder: URL) async throws {
        let store = try SQLiteCareStore.open(at: folder.appendingPathComponent("writes.sqlite"))
        let task = try await store.addTask(
            CareTask(
                id: "checkin", title: "Check-in", schedule: .daily(at: LocalTime(hour: 8) ?? .midnight, from: today),
                effectiveDate: today.startOfDay))
        // Alternate store and raw rounds: fsync latency drifts on a shared disk, so both see the same drift.
        let rounds = 4
        let perRound = 500
        let count = rounds * perRound
        var storeSeconds = 0.0
        var rawSeconds = 0.0
        let rawPath = folder.appendingPathComponent("raw.sqlite").path
        for round in 0..<rounds {
            storeSeconds += try await measure(iterations: 1) {
                for item in 0..<perRound {
                    _ = try await store.addOutcome(
                        Outcome(
                            taskID: task.id, taskVersionID: task.versionID, occurrenceIndex: round * perRound + item,
                            values: [OutcomeValue(.integer(3), kind: "checkin.form.pain")]))
                }
            }
            rawSeconds += Double(perRound) / (try RawInsertBaseline.run(count: perRound, path: rawPath))
        }
        let storeRate = Double(count) / storeSeconds
        let rawRate = Double(count) / rawSeconds
        report("care.durable_outcome_writes_store", storeRate, "writes/s")
        report("care.durable_inserts_raw_sqlite", rawRate, "inserts/s")
        report("care.store_over_raw_write_ratio", storeRate / rawRate, "x")

        // 16 concurrent writers (16 participants submitting at once): group commit shares each fsync.
        let writers = 16
        let perWriter = 250
        let concurrentSeconds = try await measure(iterations: 1) {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in 0..<writers {
                    group.addTask {
                        for item in 0..<perWriter {
                            _ = try await store.addOutcome(
                                Outcome(
                                    taskID: task.id, taskVersionID: task.versionID,
                                    occurrenceIndex: count + writer * perWriter + item,
                                    values: [OutcomeValue(.integer(3), kind: "checkin.form.pain")]))
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        report(
            "care.durable_outcome_writes_store_16_concurrent", Double(writers * perWriter) / concurrentSeconds,
            "writes/s")
    }

    /// A patient's feed for one day (tasks, events, outcomes) after 5 years of daily outcomes.
    private static func dayFeed(today: LocalDate, folder: URL) async throws {
        let store = try SQLiteCareStore.open(at: folder.appendingPathComponent("feed.sqlite"))
        let start = today.addingDays(-5 * 365)
        let plan = "plan-1"
        let tasks = [
            CareTask(
                id: "onboarding", title: "Onboarding", carePlanID: plan, schedule: .dailyAllDay(from: start),
                impactsAdherence: false, effectiveDate: start.startOfDay),
            CareTask(
                id: "checkin", title: "Check-in", carePlanID: plan,
                schedule: .daily(at: LocalTime(hour: 8) ?? .midnight, from: start), effectiveDate: start.startOfDay),
            CareTask(
                id: "rangeOfMotionCheck", title: "Range of motion", carePlanID: plan,
                schedule: Schedule(elements: [
                    .dailyAllDay(from: start, until: start.addingDays(7)),
                    .weeklyAllDay(from: start.addingDays(7), until: today.addingDays(365)),
                ]), effectiveDate: start.startOfDay),
        ]
        for task in tasks { _ = try await store.addTask(task) }
        let checkIn = tasks[1]
        let days = 5 * 365
        try await store.database.write { db in
            for occurrence in 0..<days {
                _ = try SQLiteCareStore.addOutcome(
                    Outcome(
                        taskID: checkIn.id, taskVersionID: checkIn.versionID, occurrenceIndex: occurrence,
                        values: [
                            OutcomeValue(.integer(3), kind: "checkin.form.pain"),
                            OutcomeValue(.integer(7), kind: "checkin.form.sleep"),
                        ]),
                    in: db)
            }
        }
        let iterations = 300
        let seconds = try await measure(iterations: iterations) {
            _ = try await store.tasks(CareTaskQuery(carePlanIDs: [plan]))
            _ = try await store.events(
                on: today.addingDays(-1), timeZoneIdentifier: "America/New_York", carePlanIDs: [plan])
        }
        report("care.day_feed_5_years_history", Double(iterations) / seconds, "feeds/s")
        report("care.day_feed_5_years_history_latency", seconds / Double(iterations) * 1000, "ms")
        let weekSeconds = try await measure(iterations: iterations) {
            _ = try await store.dailyAdherence(
                from: today.addingDays(-7), through: today.addingDays(-1), timeZoneIdentifier: "America/New_York",
                carePlanIDs: [plan])
        }
        report("care.week_adherence_5_years_history", Double(iterations) / weekSeconds, "weeks/s")
    }

    private static func measure(iterations: Int, _ body: () async throws -> Void) async throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<iterations { try await body() }
        return seconds(clock.now - start)
    }

    private static func measureSync(_ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        body()
        return seconds(clock.now - start)
    }

    private static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return max(Double(parts.seconds) + Double(parts.attoseconds) / 1e18, 1e-9)
    }

    /// Keeps the optimiser from dropping a computed result.
    private static func sink(_ events: [ScheduleEvent]) {
        if events.count == Int.max { print("") }
    }

    private static func report(_ name: String, _ value: Double, _ unit: String) {
        print("\(name): \(String(format: "%.2f", value)) \(unit)")
    }
}
