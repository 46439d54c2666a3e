import Care
import Foundation

/// The care feed of one local day: the gate, the cards and the week strip around the day.
///
/// Built from events the store computed (pure logic, no store access), so the web layer reads once and
/// renders:
///
/// ```swift
/// let feed = CareFeed(day: day, today: today, dayEvents: events, weekEvents: week, isOnboarded: done, zone: zone)
/// ```
public struct CareFeed: Hashable, Sendable {
    /// The selected day.
    public var day: LocalDate
    /// Today in the participant's zone.
    public var today: LocalDate
    /// Whether onboarding has an outcome; when not, only onboarding cards are shown.
    public var isOnboarded: Bool
    /// The cards of the selected day, by event start then task.
    public var cards: [FeedCard]
    /// The seven days of the week containing `day` (Monday first), with adherence over tasks that impact it.
    public var week: [DailyAdherence]

    /// The feed of `day` from its events and the events of its week; card times are local times in `zone`
    /// (the participant's).
    public init(
        day: LocalDate, today: LocalDate, dayEvents: [CareEvent], weekEvents: [CareEvent], isOnboarded: Bool,
        zone: TimeZone
    ) {
        self.day = day
        self.today = today
        self.isOnboarded = isOnboarded
        let first = Self.weekStart(of: day)
        let last = first.addingDays(6)
        let counted = isOnboarded ? weekEvents : []
        week = DailyAdherence.days(from: first, through: last, events: counted)
        cards = dayEvents.compactMap { event in
            guard Self.shows(event, isOnboarded: isOnboarded),
                let studyTaskID = ParticipantPlan.studyTaskID(of: event.task)
            else { return nil }
            return Self.card(for: event, studyTaskID: studyTaskID, today: today, zone: zone)
        }
    }

    /// Whether the feed (and the calendar link) shows `event`: a study task's, and through the gate: before
    /// onboarding only its event; after it, every task but onboarding.
    public static func shows(_ event: CareEvent, isOnboarded: Bool) -> Bool {
        guard let studyTaskID = ParticipantPlan.studyTaskID(of: event.task) else { return false }
        return (studyTaskID == StudyTaskID.onboarding) != isOnboarded
    }

    /// The Monday on or before `day`.
    public static func weekStart(of day: LocalDate) -> LocalDate {
        day.addingDays(-((day.weekday.rawValue - Weekday.monday.rawValue + 7) % 7))
    }

    /// The state of an event on `today`: done once answered; before its first open day future, after its last
    /// late, else due (a questionnaire open for two weeks is due on each of its days).
    public static func state(of event: CareEvent, today: LocalDate, zone: TimeZone) -> FeedCard.State {
        if let outcome = event.outcome, outcome.isLive { return .done }
        let days = openDays(of: event.scheduleEvent, in: zone)
        if days.first > today { return .future }
        return days.last < today ? .late : .due
    }

    /// The local days an event is open: its own day, through the day its window ends for one that lasts days.
    static func openDays(of event: ScheduleEvent, in zone: TimeZone) -> (first: LocalDate, last: LocalDate) {
        guard !event.isAllDay, event.end > event.start else { return (event.day, event.day) }
        let last = LocalDateTime(instant: event.end.addingTimeInterval(-1), in: zone).date
        return (event.day, max(event.day, last))
    }

    /// The card of `event`. Its time is when the event really starts in `zone`, not the schedule's intention:
    /// a time a spring-forward gap skips (02:30 on the change day in New York) shows as the time the event
    /// moves to (03:30), which is when it is due. An event open for whole days from midnight has no time, like an
    /// all-day one.
    static func card(for event: CareEvent, studyTaskID: String, today: LocalDate, zone: TimeZone) -> FeedCard {
        let state = state(of: event, today: today, zone: zone)
        let live = event.outcome?.isLive == true ? event.outcome : nil
        let start = LocalDateTime(instant: event.scheduleEvent.start, in: zone)
        let days = openDays(of: event.scheduleEvent, in: zone)
        let lastsDays = days.last > days.first && start.time == .midnight
        var card = FeedCard(
            studyTaskID: studyTaskID,
            taskID: event.task.id,
            occurrence: event.scheduleEvent.occurrence,
            day: event.scheduleEvent.day,
            time: event.scheduleEvent.isAllDay || lastsDays ? nil : start.time,
            state: state,
            summary: AnswerSummary(values: live?.values ?? []),
            outcomeID: live?.id
        )
        card.isOptional = !event.task.impactsAdherence && studyTaskID != StudyTaskID.onboarding
        return card
    }
}

extension FeedCard {
    /// Whether the card's answer may be deleted on `today`: done, not onboarding, and today or later.
    public func canDelete(on today: LocalDate) -> Bool {
        state == .done && studyTaskID != StudyTaskID.onboarding && day >= today
    }
}
