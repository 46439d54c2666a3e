import Foundation

/// A time zone's UTC offsets and the instants they change, read once from `TimeZone` into a sorted table.
///
/// Turning a wall-clock time into an instant then costs one binary search instead of several `TimeZone` calls,
/// which is what lets a one-day schedule query cost tens of nanoseconds. The table covers 1800 to 2200 (for ever
/// after a zone's last change); outside it the answers come from `TimeZone` itself: still right, only slower.
/// Immutable, so `Sendable`, and a class so that passing it around copies one reference, not four: build it once
/// per query, or take the shared one from ``cached(_:)``.
///
/// ```swift
/// let rules = ZoneRules(TimeZone(identifier: "America/New_York")!)
/// let today = schedule.events(on: day, in: rules)
/// ```
public final class ZoneRules: Sendable {
    /// The zone the table was read from.
    public let zone: TimeZone
    /// Instants (seconds since 1970-01-01T00:00Z) at which the offset changes, ascending.
    private let changes: [Int]
    /// `offsets[i]` is in effect before `changes[i]` (and from `changes[i - 1]`); the last one after every change.
    private let offsets: [Int]
    /// `localStarts[i]`: the wall-clock time (nominal seconds) at which `offsets[i]` comes into effect.
    private let localStarts: [Int]
    /// For each 2^22 seconds (48.5 days) of wall-clock time from 1800, the segment in effect at its start: a
    /// lookup starts there and steps over the one or two changes that can follow, instead of a binary search.
    private let bucketSegments: [UInt16]
    /// For each bucket, the offset that maps every wall-clock time in it when no change, gap or repeated hour
    /// touches it, else `Int32.min`: most one-day windows lie in one such bucket and are answered by one load.
    private let bucketOffsets: [Int32]
    /// Nominal seconds from which the table answers; earlier ones ask `zone`.
    private let firstCovered: Int
    /// Nominal seconds from which `zone` is asked again, or `Int.max`.
    private let endCovered: Int
    /// The largest difference between two offsets of the table: how far apart two wall-clock times an hour
    /// apart can be in real time, beyond that hour.
    public let spread: Int

    /// Reads `zone`'s changes between 1800 and 2200 (at most 4000 of them).
    public convenience init(_ zone: TimeZone) {
        let tableStart = Self.tableStart
        let tableEnd = Self.tableEnd
        var changes: [Int] = []
        var offsets = [zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(tableStart)))]
        var cursor = Date(timeIntervalSince1970: Double(tableStart))
        var coveredUntil = Int.max
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor) {
            let instant = Int(next.timeIntervalSince1970.rounded(.down))
            let isNew = instant > (changes.last ?? tableStart)
            guard isNew, instant < tableEnd, changes.count < 4000 else {
                coveredUntil = min(instant, tableEnd)
                break
            }
            let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant)))
            // Foundation also reports changes of the daylight-saving flag alone; only offset changes matter here.
            if offset != offsets[offsets.count - 1] {
                changes.append(instant)
                offsets.append(offset)
            }
            cursor = next
        }
        var localStarts = [Int.min]
        for (index, change) in changes.enumerated() { localStarts.append(change + offsets[index + 1]) }
        // Binary search over wall-clock starts needs them ascending; a zone whose offset changes twice within its
        // own swing (none in the tz database) is answered by `TimeZone` alone.
        let ascending = zip(localStarts, localStarts.dropFirst()).allSatisfy { $0 < $1 }
        // Wall-clock times within a day of either edge may map across it, so those ask `zone` too.
        let margin = 2 * CivilCalendar.secondsPerDay
        var bucketSegments: [UInt16] = []
        var segment = 0
        for bucket in 0...((tableEnd - tableStart) >> Self.bucketShift) {
            let bucketStart = tableStart + bucket << Self.bucketShift
            while segment + 1 < localStarts.count, localStarts[segment + 1] <= bucketStart { segment += 1 }
            bucketSegments.append(UInt16(segment))
        }
        let firstCovered = ascending ? tableStart + margin : Int.max
        let endCovered = coveredUntil == Int.max ? Int.max : coveredUntil - margin
        // The per-bucket offsets come from the searching answer itself, so both paths agree by construction.
        let searching = ZoneRules(
            zone: zone, changes: changes, offsets: offsets, localStarts: localStarts, bucketSegments: bucketSegments,
            bucketOffsets: [], firstCovered: firstCovered, endCovered: endCovered)
        let bucketOffsets = bucketSegments.indices.map { bucket in
            let bucketStart = tableStart + bucket << Self.bucketShift
            let offset = searching.searchedUniformOffset(
                over: bucketStart...(bucketStart + (1 << Self.bucketShift) - 1))
            return offset.map { Int32(truncatingIfNeeded: $0) } ?? Int32.min
        }
        self.init(
            zone: zone, changes: changes, offsets: offsets, localStarts: localStarts, bucketSegments: bucketSegments,
            bucketOffsets: bucketOffsets, firstCovered: firstCovered, endCovered: endCovered)
    }

    private init(
        zone: TimeZone, changes: [Int], offsets: [Int], localStarts: [Int], bucketSegments: [UInt16],
        bucketOffsets: [Int32], firstCovered: Int, endCovered: Int
    ) {
        self.zone = zone
        self.changes = changes
        self.offsets = offsets
        self.localStarts = localStarts
        self.bucketSegments = bucketSegments
        self.bucketOffsets = bucketOffsets
        self.firstCovered = firstCovered
        self.endCovered = endCovered
        self.spread = (offsets.max() ?? 0) - (offsets.min() ?? 0)
    }

    /// The UTC offset in effect at `instant` (seconds since 1970).
    public func offset(atInstant instant: Int) -> Int {
        guard instant >= firstCovered, instant < endCovered else {
            return zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant)))
        }
        var low = 0
        var high = changes.count
        // The number of changes at or before `instant`.
        while low < high {
            let middle = (low + high) / 2
            if changes[middle] <= instant { low = middle + 1 } else { high = middle }
        }
        return offsets[low]
    }

    /// The instant (seconds since 1970) the wall-clock time `nominal` names.
    ///
    /// A time inside a spring-forward gap moves forward by the length of the gap (02:30 becomes 03:30 that
    /// day); an ambiguous fall-back time takes its first occurrence (the earlier instant).
    public func instant(ofNominal nominal: Int) -> Int {
        guard nominal >= firstCovered, nominal < endCovered else { return foundationInstant(ofNominal: nominal) }
        let segment = segment(containing: nominal)
        // Still inside the previous offset's wall-clock range: a repeated hour, whose first pass comes first.
        if segment > 0, nominal < changes[segment - 1] + offsets[segment - 1] { return nominal - offsets[segment - 1] }
        // Inside the segment, or in the gap after it: the earlier offset moves a gap time forward by the gap.
        return nominal - offsets[segment]
    }

    /// The one offset that maps every wall-clock time of `range` to its instant, or nil when a change, a gap or a
    /// repeated hour falls inside it (or it leaves the table).
    func uniformOffset(over range: ClosedRange<Int>) -> Int? {
        guard covers(range) else { return nil }
        let bucket = (range.lowerBound - Self.tableStart) >> Self.bucketShift
        if bucket == (range.upperBound - Self.tableStart) >> Self.bucketShift, bucketOffsets.indices.contains(bucket) {
            let offset = bucketOffsets[bucket]
            if offset != Int32.min { return Int(offset) }
        }
        return searchedUniformOffset(over: range)
    }

    /// `uniformOffset(over:)` found by searching the table's segments, for a range the table covers.
    private func searchedUniformOffset(over range: ClosedRange<Int>) -> Int? {
        guard covers(range) else { return nil }
        let segment = segment(containing: range.lowerBound)
        if segment > 0, range.lowerBound < changes[segment - 1] + offsets[segment - 1] { return nil }
        if segment < changes.count {
            let end = min(changes[segment] + offsets[segment], localStarts[segment + 1])
            guard range.upperBound < end else { return nil }
        }
        return offsets[segment]
    }

    /// Whether the table, rather than `TimeZone`, answers for every wall-clock time of `range`.
    func covers(_ range: ClosedRange<Int>) -> Bool {
        range.lowerBound >= firstCovered && range.upperBound < endCovered
    }

    /// The last segment whose wall-clock start is at or before `nominal`, a time the table covers.
    private func segment(containing nominal: Int) -> Int {
        let bucket = min((nominal - Self.tableStart) >> Self.bucketShift, bucketSegments.count - 1)
        var segment = Int(bucketSegments[bucket])
        while segment + 1 < localStarts.count, localStarts[segment + 1] <= nominal { segment += 1 }
        return segment
    }

    /// 1800-01-01T00:00Z, where the table starts.
    private static let tableStart = -5_364_662_400
    /// 2200-01-01T00:00Z, where the table ends unless the zone never changes again.
    private static let tableEnd = 7_258_118_400
    private static let bucketShift = 22

    /// `instant(ofNominal:)` from `TimeZone` alone, for times outside the table.
    private func foundationInstant(ofNominal nominal: Int) -> Int {
        // Offsets one day either side bracket the answer: a zone's offset changes at most once a day.
        let day = CivilCalendar.secondsPerDay
        let earlyOffset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(nominal - day)))
        let lateOffset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(nominal + day)))
        let early = nominal - earlyOffset
        if earlyOffset == lateOffset { return early }
        let late = nominal - lateOffset
        let earlyValid = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(early))) == earlyOffset
        let lateValid = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(late))) == lateOffset
        switch (earlyValid, lateValid) {
        case (true, true): return min(early, late)
        case (false, true): return late
        // Valid only with the earlier offset, or a gap: the earlier offset moves the time forward by the gap.
        case (true, false), (false, false): return early
        }
    }
}

/// A zone's rules around one range of wall-clock times, with the common case found once: when no change falls
/// near the range, every time in it maps to its instant by one subtraction.
struct ZoneWindow {
    /// The rules, for times outside the range or when a change falls inside it.
    // A window lives only inside the one call that made it from rules its caller holds, so it need not keep them
    // alive itself: without a retain and release, a one-day query costs its arithmetic.
    unowned(unsafe) let rules: ZoneRules
    /// The wall-clock times (nominal seconds) `uniformOffset` was checked over.
    let range: ClosedRange<Int>
    /// The offset that maps every time of `range`, or nil when a change, gap or repeated hour is near.
    let uniformOffset: Int?

    /// The window of `rules` over `range`.
    init(_ rules: ZoneRules, over range: ClosedRange<Int>) {
        self.rules = rules
        self.range = range
        self.uniformOffset = rules.uniformOffset(over: range)
    }

    /// How far (nominal seconds) an event's wall-clock key may lie outside a query's keys and still overlap it in
    /// real time: zero when the offset is uniform, else the zone's spread of offsets, or two days outside the table.
    var slack: Int {
        if uniformOffset != nil { return 0 }
        return rules.covers(range) ? rules.spread : 2 * CivilCalendar.secondsPerDay
    }

    /// The instant (seconds since 1970) the wall-clock time `nominal` names (see `ZoneRules.instant(ofNominal:)`).
    func instant(ofNominal nominal: Int) -> Int {
        if let uniformOffset, range.contains(nominal) { return nominal - uniformOffset }
        return rules.instant(ofNominal: nominal)
    }
}
