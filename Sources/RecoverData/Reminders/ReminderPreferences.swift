import Care
import Foundation

/// How a participant wants to be reminded (docs/reminders.md): by which channels, outside which quiet hours,
/// or not at all for now. A participant who never chose has ``standard``: e-mail and push on, no quiet hours.
public struct ReminderPreferences: Sendable, Hashable {
    /// Reminders by e-mail.
    public var email: Bool
    /// Reminders by Web Push, to every device the participant turned push on for.
    public var push: Bool
    /// Whether the participant uses the calendar feed (its events carry alarms; the feed itself is on the
    /// account page).
    public var calendar: Bool
    /// When quiet hours begin, in the participant's zone; nil for none.
    public var quietStart: LocalTime?
    /// When quiet hours end; a reminder due inside them goes out at this time.
    public var quietEnd: LocalTime?
    /// No reminders at all until the participant resumes them.
    public var paused: Bool

    /// Preferences; quiet hours count only with both ends set and different.
    public init(
        email: Bool = true, push: Bool = true, calendar: Bool = false, quietStart: LocalTime? = nil,
        quietEnd: LocalTime? = nil, paused: Bool = false
    ) {
        self.email = email
        self.push = push
        self.calendar = calendar
        self.quietStart = quietStart
        self.quietEnd = quietEnd
        self.paused = paused
    }

    /// What a participant has who never chose.
    public static let standard = ReminderPreferences()

    /// Whether quiet hours are set.
    public var hasQuietHours: Bool {
        guard let quietStart, let quietEnd else { return false }
        return quietStart != quietEnd
    }

    /// `local` moved out of quiet hours: to their end when it falls inside them (a window that crosses
    /// midnight, 22:00 to 07:00, moves 23:30 to 07:00 the next day), unchanged otherwise.
    public func movedOutOfQuietHours(_ local: LocalDateTime) -> LocalDateTime {
        guard hasQuietHours, let start = quietStart, let end = quietEnd else { return local }
        let time = local.time
        if start < end {
            return time >= start && time < end ? LocalDateTime(date: local.date, time: end) : local
        }
        if time >= start { return LocalDateTime(date: local.date.addingDays(1), time: end) }
        if time < end { return LocalDateTime(date: local.date, time: end) }
        return local
    }
}

/// Reading and saving reminder preferences (`reminder_preference`), inside the caller's transaction.
public enum ReminderPreferenceStore {
    /// The participant's preferences, ``ReminderPreferences/standard`` when they never chose.
    public static func preferences(participantID: String, in db: StoreConnection) throws -> ReminderPreferences {
        try db.queryOne("SELECT * FROM reminder_preference WHERE participant_id = ?", [participantID])
            .map { try decode($0) } ?? .standard
    }

    /// Saves the participant's preferences, audited as their change.
    public static func save(
        _ preferences: ReminderPreferences, participantID: String, at date: Date, in db: StoreConnection
    ) throws {
        let row = AuditedRow(table: "reminder_preference", keyColumn: "participant_id", key: participantID)
        try AuditTrail.recordChange(of: row, participantID: participantID, in: db) {
            try db.execute(
                """
                INSERT INTO reminder_preference (participant_id, email, push, calendar, quiet_start, quiet_end, paused,
                    updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (participant_id) DO UPDATE SET email = excluded.email, push = excluded.push,
                    calendar = excluded.calendar, quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end,
                    paused = excluded.paused, updated_at = excluded.updated_at
                """,
                [
                    participantID, preferences.email ? 1 : 0, preferences.push ? 1 : 0, preferences.calendar ? 1 : 0,
                    preferences.quietStart?.description, preferences.quietEnd?.description, preferences.paused ? 1 : 0,
                    date,
                ])
        }
    }

    /// The preferences of a row of `reminder_preference` (or of a join that has its columns).
    static func decode(_ row: StoreRow, emailColumn: String = "email") throws -> ReminderPreferences {
        ReminderPreferences(
            email: try row.int(emailColumn) != 0, push: try row.int("push") != 0,
            calendar: try row.int("calendar") != 0,
            quietStart: (try row["quiet_start"] as String?).flatMap(LocalTime.init),
            quietEnd: (try row["quiet_end"] as String?).flatMap(LocalTime.init), paused: try row.int("paused") != 0)
    }
}

/// The reminder settings use cases the pages call: read and save a participant's preferences, and turn
/// e-mail off from an unsubscribe link; each one transaction.
public struct ReminderSettings: Sendable {
    /// The study database.
    public let database: StudyStorage

    /// The settings over `database`.
    public init(database: StudyStorage) { self.database = database }

    /// The participant's preferences.
    public func preferences(participantID: String) throws -> ReminderPreferences {
        try database.read { db in try ReminderPreferenceStore.preferences(participantID: participantID, in: db) }
    }

    /// Saves the participant's preferences, as their own change.
    public func save(_ preferences: ReminderPreferences, participantID: String, at date: Date) throws {
        try database.write { db in
            db.auditActor = "account:\(participantID)"
            try ReminderPreferenceStore.save(preferences, participantID: participantID, at: date, in: db)
        }
    }

    /// Turns e-mail reminders off (an unsubscribe link, RFC 8058), keeping the other choices; false when
    /// there is no such participant.
    @discardableResult
    public func stopEmail(participantID: String, at date: Date) throws -> Bool {
        try database.write { db in
            guard let account = try AccountStore.account(id: participantID, in: db), account.role == .participant
            else { return false }
            db.auditActor = "account:\(participantID)"
            var preferences = try ReminderPreferenceStore.preferences(participantID: participantID, in: db)
            preferences.email = false
            try ReminderPreferenceStore.save(preferences, participantID: participantID, at: date, in: db)
            return true
        }
    }
}
