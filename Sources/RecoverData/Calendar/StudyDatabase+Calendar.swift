import Care
import Cryptography
import Foundation
import Recover

/// A participant's events as their calendar link shows them: the feed's tasks in the link's window.
public struct CalendarFeedEvents: Sendable {
    /// The participant the link belongs to.
    public var account: Account
    /// Their zone, the calendar's.
    public var zone: TimeZone
    /// Their local today at the fetch.
    public var today: LocalDate
    /// The local days the events were asked for (the upper bound is the day after the last).
    public var days: Range<LocalDate>
    /// The events of the feed's tasks overlapping those days, by start then task; none once withdrawn.
    public var events: [CareEvent]
}

/// The calendar link: made and replaced from the account page, and read by calendar apps with its token.
extension StudyDatabase {
    /// How many days before today the calendar shows.
    public static let calendarDaysBefore = 7
    /// How many days after today the calendar shows.
    public static let calendarDaysAfter = 42

    /// Makes a new secret calendar link for the participant, replacing (and so revoking) any earlier one, in
    /// one audited write; returns the token, which is stored only as its hash and cannot be shown again.
    /// Throws ``StudyRecordError`` for an account that is not a participant taking part.
    public func resetCalendarLink(participantID: String, at instant: Date) throws -> String {
        let token = Crypto.randomToken(bytes: 32)
        try database.write { db in
            db.auditActor = Self.actor(accountID: participantID)
            guard let account = try AccountStore.account(id: participantID, in: db), account.role == .participant,
                !account.isWithdrawn
            else { throw StudyRecordError(.notTakingPart) }
            try CalendarFeedStore.replace(
                participantID: participantID, tokenHash: CalendarFeedStore.hash(token: token), at: instant, in: db)
        }
        return token
    }

    /// When the participant's current calendar link was made, nil without one.
    public func calendarLinkCreated(participantID: String) throws -> Date? {
        try database.read { db in try CalendarFeedStore.createdAt(participantID: participantID, in: db) }
    }

    /// The events of the calendar link `token` at `now`, in one read: from 7 days before the participant's
    /// today through 42 days after, the tasks their feed shows (the onboarding gate included); a withdrawn
    /// participant's link answers with no events. Nil when no current link has this token.
    public func calendarEvents(token: String, now: Date) throws -> CalendarFeedEvents? {
        guard Self.isPlausibleCalendarToken(token) else { return nil }
        return try database.read { db in
            guard let id = try CalendarFeedStore.participantID(tokenHash: CalendarFeedStore.hash(token: token), in: db),
                let account = try AccountStore.account(id: id, in: db), account.role == .participant
            else { return nil }
            let zone = TimeZone(identifier: account.zoneIdentifier) ?? .gmt
            let today = LocalDateTime(instant: now, in: zone).date
            let days = today.addingDays(-Self.calendarDaysBefore)..<today.addingDays(Self.calendarDaysAfter + 1)
            guard !account.isWithdrawn else {
                return CalendarFeedEvents(account: account, zone: zone, today: today, days: days, events: [])
            }
            let onboardingTaskID = ParticipantPlan.taskID(StudyTaskID.onboarding, patientID: id)
            let isOnboarded = ParticipantPlan.isOnboarded(
                onboardingOutcomes: try db.care.outcomes(OutcomeQuery(taskIDs: [onboardingTaskID], limit: 1)))
            let events = try db.care.events(
                EventQuery(
                    from: days.lowerBound.startOfDay, to: days.upperBound.startOfDay,
                    timeZoneIdentifier: zone.identifier, carePlanIDs: [ParticipantPlan.carePlanID(patientID: id)]))
            return CalendarFeedEvents(
                account: account, zone: zone, today: today, days: days,
                events: events.filter { CareFeed.shows($0, isOnboarded: isOnboarded) })
        }
    }

    /// Whether `token` could be one ``resetCalendarLink(participantID:at:)`` made (43 base64url characters), so
    /// anything else is refused before it is hashed or looked up.
    static func isPlausibleCalendarToken(_ token: String) -> Bool {
        token.utf8.count == 43
            && token.utf8.allSatisfy { byte in
                (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: "_")
            }
    }
}
