/// Folds kept samples into per-day figures as they stream by, holding per-day state only (never the samples).
///
/// The rules (docs/health-import.md):
/// - a sample belongs to the local day and hour of its start;
/// - sums (steps, distance, energy): for each type, day and hour, only the source with the largest total in that
///   hour counts, so a phone and a watch counting the same walk count it once, and a phone carried while the watch
///   charges still counts;
/// - heart rate and blood pressure: minimum, mean and maximum over every reading of the day, all sources;
/// - sleep: asleep intervals belong to the night of their wake-up date (the local date of the interval's end, with
///   the day turning at 18:00); per night, one source's overlapping intervals are merged, and the source with the
///   most asleep time counts.
final class DailyAccumulator {
    /// Local time after which an interval's end belongs to the next morning's night.
    static let nightTurnsAt = 18 * 3600

    private struct HourKey: Hashable {
        let type: Int
        let day: Int
        let source: Int
    }

    private struct DayKey: Hashable {
        let type: Int
        let day: Int
    }

    private struct NightKey: Hashable {
        let night: Int
        let source: Int
    }

    private struct Tally {
        var minimum = Double.infinity
        var maximum = -Double.infinity
        var sum = 0.0
        var count = 0

        mutating func add(_ value: Double) {
            minimum = min(minimum, value)
            maximum = max(maximum, value)
            sum += value
            count += 1
        }

        var range: ReadingRange {
            ReadingRange(minimum: minimum, mean: sum / Double(count), maximum: maximum, count: count)
        }
    }

    private let clock: LocalClock
    private var hourTotals: [HourKey: [Double]] = [:]
    private var readings: [DayKey: Tally] = [:]
    private var asleep: [NightKey: [Range<Int64>]] = [:]

    init(clock: LocalClock) {
        self.clock = clock
    }

    func add(_ sample: KeptSample) {
        switch sample.type {
        case .stepCount, .distanceWalkingRunning, .activeEnergyBurned, .basalEnergyBurned:
            let position = clock.position(of: sample.start)
            let key = HourKey(type: sample.type.index, day: position.day, source: sample.source)
            hourTotals[key, default: Array(repeating: 0, count: 24)][min(23, position.secondOfDay / 3600)] +=
                sample.value
        case .heartRate, .bloodPressureSystolic, .bloodPressureDiastolic:
            readings[DayKey(type: sample.type.index, day: clock.position(of: sample.start).day), default: Tally()].add(
                sample.value)
        case .sleepAnalysis:
            guard sample.value > 0 else { return }
            let end = clock.position(of: sample.end)
            let night = end.secondOfDay >= Self.nightTurnsAt ? end.day + 1 : end.day
            asleep[NightKey(night: night, source: sample.source), default: []].append(sample.start..<sample.end)
        }
    }

    /// One aggregate per day with a figure, oldest first.
    func days() -> [DailyHealthAggregate] {
        var days: [Int: DailyHealthAggregate] = [:]
        func update(_ day: Int, _ change: (inout DailyHealthAggregate) -> Void) {
            change(&days[day, default: DailyHealthAggregate(day: HealthDay(dayNumber: day))])
        }
        var bestHours: [DayKey: [Double]] = [:]
        for (key, hours) in hourTotals {
            let dayKey = DayKey(type: key.type, day: key.day)
            if let best = bestHours[dayKey] {
                bestHours[dayKey] = zip(best, hours).map { max($0, $1) }
            } else {
                bestHours[dayKey] = hours
            }
        }
        for (key, hours) in bestHours {
            let total = hours.reduce(0, +)
            update(key.day) { aggregate in
                switch key.type {
                case HealthType.stepCount.index: aggregate.steps = total
                case HealthType.distanceWalkingRunning.index: aggregate.distanceMetres = total
                case HealthType.activeEnergyBurned.index: aggregate.activeEnergyKilocalories = total
                default: aggregate.basalEnergyKilocalories = total
                }
            }
        }
        for (key, tally) in readings {
            update(key.day) { aggregate in
                switch key.type {
                case HealthType.heartRate.index: aggregate.heartRate = tally.range
                case HealthType.bloodPressureSystolic.index: aggregate.systolic = tally.range
                default: aggregate.diastolic = tally.range
                }
            }
        }
        var bestNights: [Int: Int64] = [:]
        for (key, intervals) in asleep {
            bestNights[key.night] = max(bestNights[key.night] ?? 0, Self.mergedLength(intervals))
        }
        for (night, seconds) in bestNights {
            update(night) { $0.sleepSeconds = Double(seconds) }
        }
        return days.values.sorted { $0.day < $1.day }
    }

    /// The time covered by `intervals`, overlaps counted once.
    static func mergedLength(_ intervals: [Range<Int64>]) -> Int64 {
        var total: Int64 = 0
        var covered: Range<Int64>?
        for interval in intervals.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let current = covered, interval.lowerBound <= current.upperBound {
                covered = current.lowerBound..<max(current.upperBound, interval.upperBound)
            } else {
                if let current = covered { total += Int64(current.count) }
                covered = interval
            }
        }
        if let current = covered { total += Int64(current.count) }
        return total
    }
}
