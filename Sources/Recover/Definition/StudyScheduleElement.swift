import Care
import Foundation

/// One repeating part of a study task's schedule, written relative to an anchor day of each participant:
/// "daily from the day onboarding was completed", "once, six weeks after the surgery date, open for two weeks".
///
/// ```json
/// {"anchor": "onboarded", "every": {"days": 1}, "until": {"days": 7}, "time": "allDay"}
/// {"anchor": {"answer": "onboarding.goals.surgeryDate"}, "from": {"weeks": 6}, "once": true, "windowDays": 14}
/// ```
public struct StudyScheduleElement: Hashable, Sendable {
    /// The day the offsets count from.
    public var anchor: StudyAnchor
    /// The offset of the first occurrence from the anchor day (days, weeks or months; none is the anchor day).
    public var from: ScheduleInterval?
    /// The exclusive end as an offset from the anchor day, or nil for no end.
    public var until: ScheduleInterval?
    /// The step between occurrences, or nil for a single occurrence.
    public var every: ScheduleInterval?
    /// The time of day, or all day.
    public var time: StudyTime
    /// For a single occurrence: the number of days it stays open (1 = its day only).
    public var windowDays: Int

    /// The largest offset from an anchor, in any unit (ten years in days).
    public static let maximumOffsetDays = 3653

    /// The longest window a single occurrence may stay open.
    public static let maximumWindowDays = 366

    /// Creates an element from its members.
    public init(
        anchor: StudyAnchor, from: ScheduleInterval? = nil, until: ScheduleInterval? = nil,
        every: ScheduleInterval?, time: StudyTime = .allDay, windowDays: Int = 1
    ) {
        self.anchor = anchor
        self.from = from
        self.until = until
        self.every = every
        self.time = time
        self.windowDays = windowDays
    }
}

/// The day a schedule element counts from, per participant.
public enum StudyAnchor: Hashable, Sendable {
    /// The day the participant joined (their account was made).
    case joined
    /// The day the participant completed onboarding.
    case onboarded
    /// The day the task reached the participant: the day onboarding was completed, or, for a task an amendment
    /// added, the amendment's effective date for participants already enrolled.
    case added
    /// A date the participant gave in onboarding: the outcome value of that kind (an item id).
    case answer(String)
}

/// When in the day a task's events are.
public enum StudyTime: Hashable, Sendable {
    /// All day.
    case allDay
    /// At a fixed time, for one hour.
    case at(LocalTime)
    /// At the time the participant chose in onboarding (the outcome value of that kind), else `fallback`.
    case answer(String, fallback: LocalTime)
}

/// The days and answers a participant's schedules are computed from.
public struct StudyAnchors: Hashable, Sendable {
    /// The day the participant joined.
    public var joined: LocalDate
    /// The day onboarding was completed, if it was.
    public var onboarded: LocalDate?
    /// The day the task reaches the participant.
    public var added: LocalDate?
    /// Onboarding's outcome values by kind (and their corrections): dates as `yyyy-MM-dd`, times as `HH:mm`.
    public var answers: [String: String]

    /// Creates anchors from their members.
    public init(
        joined: LocalDate, onboarded: LocalDate? = nil, added: LocalDate? = nil, answers: [String: String] = [:]
    ) {
        self.joined = joined
        self.onboarded = onboarded
        self.added = added
        self.answers = answers
    }

    /// The anchor's day for this participant, or nil when it is not known (yet).
    public func day(_ anchor: StudyAnchor) -> LocalDate? {
        switch anchor {
        case .joined: joined
        case .onboarded: onboarded
        case .added: added ?? onboarded
        case .answer(let kind): answers[kind].flatMap { LocalDate($0) }
        }
    }
}

extension StudyScheduleElement {
    /// The care schedule element for a participant with `anchors`, or nil when its anchor is not known.
    public func element(for anchors: StudyAnchors) -> ScheduleElement? {
        guard let anchorDay = anchors.day(anchor) else { return nil }
        let start = Self.offset(anchorDay, by: from)
        let end = until.map { Self.offset(anchorDay, by: $0) }
        switch every {
        case .some(let interval):
            switch time {
            case .allDay:
                return ScheduleElement(
                    start: start.startOfDay, end: end?.startOfDay, interval: interval, duration: .allDay)
            case .at(let clock):
                return ScheduleElement(
                    start: LocalDateTime(date: start, time: clock), end: end?.startOfDay, interval: interval)
            case .answer(let kind, let fallback):
                let clock = anchors.answers[kind].flatMap { LocalTime($0) } ?? fallback
                return ScheduleElement(
                    start: LocalDateTime(date: start, time: clock), end: end?.startOfDay, interval: interval)
            }
        case .none:
            // One occurrence, open from the start of its day for `windowDays` days.
            let days = min(max(windowDays, 1), Self.maximumWindowDays)
            let duration: ScheduleDuration = days == 1 ? .allDay : .seconds(days * 86_400)
            return ScheduleElement(
                start: start.startOfDay, end: start.addingDays(1).startOfDay, interval: .days(1), duration: duration)
        }
    }

    /// `day` moved on by `offset` (days, weeks or months; elapsed units count as days of their whole length).
    static func offset(_ day: LocalDate, by offset: ScheduleInterval?) -> LocalDate {
        // Lint bounds offsets to ten years; the clamp keeps an unlinted value from overflowing.
        let bound = { (n: Int) in min(max(n, -maximumOffsetDays), maximumOffsetDays) }
        switch offset {
        case .none: return day
        case .days(let n): return day.addingDays(bound(n))
        case .weeks(let n): return day.addingDays(bound(n) * 7)
        case .months(let n): return day.addingMonths(bound(n))
        case .hours, .minutes, .seconds: return day
        }
    }
}
