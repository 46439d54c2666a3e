import Care
import Cryptography
import Foundation
import Recover

/// Queues the reminders that are due (docs/reminders.md): for every participant who takes part, each due
/// event of a task with a reminder (``StudyReminders``), in the participant's own zone, moved out of their
/// quiet hours, not yet done, gets one message per chosen channel.
///
/// "One" holds across passes and instances through the outbox's dedupe key
/// (`reminder:<participant>:<task>:<occurrence>:<channel>`): a pass reads which are queued already and
/// writes only when there is something new, in one write whose enqueues add nothing a racing instance added
/// first. A reminder is due from its time for ``window`` (a server that was down longer skips it: a reminder
/// hours late is noise), and never for a withdrawn or deactivated participant or one who paused reminders.
public struct ReminderScheduler: Sendable {
    /// The study database.
    public let database: StudyStorage
    /// Which tasks remind.
    public let rules: [StudyReminders.Rule]
    /// The server's public address for links (`--public-url`); without it no e-mail reminder is queued
    /// (its link would have nowhere to point). Push reminders carry a path on this server and need none.
    public let linkBase: String?
    /// The key of the unsubscribe links' tokens.
    let unsubscribeKey: [UInt8]
    /// How long after its time a reminder may still go out.
    public let window: TimeInterval

    /// A scheduler over `database`; `unsubscribeKey` signs the one-click unsubscribe links.
    public init(
        database: StudyStorage, rules: [StudyReminders.Rule] = StudyReminders.rules, linkBase: String?,
        unsubscribeKey: [UInt8], window: TimeInterval = 30 * 60
    ) {
        self.database = database
        self.rules = rules
        self.linkBase = linkBase
        self.unsubscribeKey = unsubscribeKey
        self.window = window
    }

    /// What a pass did.
    public struct Pass: Sendable, Hashable {
        /// Participants looked at.
        public var participants = 0
        /// Messages queued now.
        public var queued = 0
    }

    /// One pass at the study's time `studyNow`; messages are queued at the server's time `queuedAt` (the
    /// outbox's clock), so the sender takes them at once.
    @discardableResult
    public func queueDue(studyNow: Date, queuedAt: Date) throws -> Pass {
        var pass = Pass()
        let requests = try database.read { db in try due(at: studyNow, pass: &pass, in: db) }
        guard !requests.isEmpty else { return pass }
        try database.write { db in
            for (participantID, request) in requests {
                // Withdrawn or paused between the read and this write: nothing more goes out.
                guard try Self.takesPart(participantID, in: db) else { continue }
                if try MessageOutbox.enqueue(request, at: queuedAt, in: db) { pass.queued += 1 }
            }
        }
        return pass
    }

    /// The token of a participant's one-click unsubscribe link.
    public func unsubscribeToken(participantID: String) -> String {
        Crypto.base64URL(
            Crypto.hmacSHA256(key: unsubscribeKey, message: Array("reminder-unsubscribe:\(participantID)".utf8)))
    }

    /// Whether `token` is the unsubscribe token of `participantID` (in constant time).
    public func isUnsubscribeToken(_ token: String, participantID: String) -> Bool {
        Crypto.constantTimeEqual(token, unsubscribeToken(participantID: participantID))
    }

    /// The messages due at `now` not yet in the outbox, with their participant.
    func due(at now: Date, pass: inout Pass, in db: StoreConnection) throws -> [(String, MessageRequest)] {
        let rows = try db.query(
            """
            SELECT a.id, a.email, a.language, a.time_zone, p.email AS by_email, p.push, p.calendar, p.quiet_start,
                p.quiet_end, p.paused
            FROM account a LEFT JOIN reminder_preference p ON p.participant_id = a.id
            WHERE a.role = 'participant' AND a.withdrawn_at IS NULL AND a.deactivated_at IS NULL
            ORDER BY a.id
            """)
        var requests: [(String, MessageRequest)] = []
        for row in rows {
            let preferences = try Self.preferences(row)
            guard !preferences.paused else { continue }
            let participantID = try row.string("id")
            let byEmail = preferences.email ? linkBase : nil
            let devices =
                preferences.push ? try PushSubscriptions.subscriptions(participantID: participantID, in: db) : []
            guard byEmail != nil || !devices.isEmpty else { continue }
            pass.participants += 1
            let zone = TimeZone(identifier: try row["time_zone"] ?? "UTC") ?? .gmt
            let language: String = try row["language"] ?? "en"
            for (event, rule, time) in try dueEvents(participantID, zone: zone, preferences, now: now, in: db) {
                let occurrence = event.scheduleEvent.occurrence
                let cause = "reminder:\(participantID):\(event.task.id):\(occurrence)"
                let path = "/survey/\(rule.studyTaskID)/\(occurrence)"
                var wanted: [MessageRequest] = []
                if let linkBase = byEmail {
                    let token = unsubscribeToken(participantID: participantID)
                    wanted.append(
                        MessageRequest(
                            kind: .reminder, recipient: try row.string("email"), language: language,
                            parameters: [
                                "taskTitle": rule.title(in: language),
                                "time": event.scheduleEvent.isAllDay ? "" : String(time.description.prefix(5)),
                                "link": linkBase + path, "accountLink": "\(linkBase)/account/reminders",
                                "unsubscribe": "\(linkBase)/reminders/unsubscribe/\(participantID)/\(token)",
                            ], dedupeKey: cause + ":email"))
                }
                for device in devices {
                    wanted.append(
                        MessageRequest(
                            kind: .reminder, channel: .push, recipient: device.id, language: language,
                            parameters: ["taskTitle": rule.title(in: language), "url": path],
                            dedupeKey: cause + ":push:\(device.id)"))
                }
                for request in wanted where try !MessageOutbox.isQueued(dedupeKey: request.dedupeKey, in: db) {
                    requests.append((participantID, request))
                }
            }
        }
        return requests
    }

    /// The participant's events of reminding tasks whose reminder time (moved out of quiet hours) falls in
    /// `(now - window, now]` and that have no live outcome, with their rule and local time.
    func dueEvents(
        _ participantID: String, zone: TimeZone, _ preferences: ReminderPreferences, now: Date,
        in db: StoreConnection
    ) throws -> [(CareEvent, StudyReminders.Rule, LocalTime)] {
        let byTask = Dictionary(
            rules.map { (ParticipantPlan.taskID($0.studyTaskID, patientID: participantID), $0) }
        ) { first, _ in first }
        let today = LocalDateTime(instant: now, in: zone).date
        // Yesterday too: quiet hours may move last evening's reminder to this morning.
        let events = try db.care.events(
            EventQuery(
                from: today.addingDays(-1), through: today, timeZoneIdentifier: zone.identifier,
                taskIDs: Array(byTask.keys).sorted()))
        var due: [(CareEvent, StudyReminders.Rule, LocalTime)] = []
        for event in events where event.outcome?.isLive != true {
            guard let rule = byTask[event.task.id] else { continue }
            let scheduled = event.scheduleEvent
            let local =
                scheduled.isAllDay ? LocalDateTime(date: scheduled.day, time: rule.allDayAt) : scheduled.localStart
            let sendAt = preferences.movedOutOfQuietHours(local).instant(in: zone)
            guard sendAt <= now, sendAt > now.addingTimeInterval(-window) else { continue }
            due.append((event, rule, local.time))
        }
        return due
    }

    /// Whether the participant still takes part and wants reminders (checked inside the write).
    static func takesPart(_ participantID: String, in db: StoreConnection) throws -> Bool {
        guard
            let row = try db.queryOne(
                """
                SELECT a.withdrawn_at, a.deactivated_at, p.paused FROM account a
                LEFT JOIN reminder_preference p ON p.participant_id = a.id WHERE a.id = ?
                """, [participantID])
        else { return false }
        let withdrawn: Date? = try row["withdrawn_at"]
        let deactivated: Date? = try row["deactivated_at"]
        let paused: Int? = try row["paused"]
        return withdrawn == nil && deactivated == nil && paused != 1
    }

    /// The preferences of a joined row (the defaults when the participant has no row).
    static func preferences(_ row: StoreRow) throws -> ReminderPreferences {
        guard try row["by_email"] as Int? != nil else { return .standard }
        return try ReminderPreferenceStore.decode(row, emailColumn: "by_email")
    }
}
