import Care
import Foundation

/// The study team's daily digest (docs/reminders.md, "Staff digest"): once a day, from ``sendAt`` in the
/// console's zone, each active admin and researcher gets one e-mail counting the console's alerts (a pain
/// score of 8 or more; three missed check-ins in a row) with links into the console. No participant is named
/// and no value is shown: the console, behind its sign-in, has them. A day without alerts sends nothing.
public struct StaffDigest: Sendable {
    /// The study database.
    public let database: StudyStorage
    /// The server's public address for the console links; without it no digest is queued.
    public let linkBase: String?
    /// The zone the console counts days in.
    public let zone: TimeZone
    /// From when in the day the digest goes out.
    public let sendAt: LocalTime

    /// 08:00, when the digest goes out unless told otherwise.
    public static let defaultSendTime = LocalTime(hour: 8) ?? .midnight

    /// The digest of `database` for the console's `zone`.
    public init(
        database: StudyStorage, linkBase: String?, zone: TimeZone, sendAt: LocalTime = StaffDigest.defaultSendTime
    ) {
        self.database = database
        self.linkBase = linkBase
        self.zone = zone
        self.sendAt = sendAt
    }

    /// Queues today's digest for every member of the team who has not had it, once it is time and there is
    /// an alert; returns how many were queued. An idle pass is one read.
    @discardableResult
    public func queueDue(now: Date, queuedAt: Date) throws -> Int {
        guard let linkBase else { return 0 }
        let local = LocalDateTime(instant: now, in: zone)
        guard local.time >= sendAt else { return 0 }
        let today = local.date
        let requests: [MessageRequest] = try database.read { db in
            let staff = try db.query(
                """
                SELECT id, email, language FROM account
                WHERE role IN ('admin', 'researcher') AND deactivated_at IS NULL ORDER BY id
                """)
            var waiting: [(id: String, email: String, language: String)] = []
            for row in staff {
                let id = try row.string("id")
                let key = Self.dedupeKey(staffID: id, day: today)
                if try !MessageOutbox.isQueued(dedupeKey: key, in: db) {
                    waiting.append((id, try row.string("email"), try row["language"] ?? "en"))
                }
            }
            guard !waiting.isEmpty else { return [] }
            let alerts = try ConsoleQueries.alerts(today: today, in: db)
            guard !alerts.isEmpty else { return [] }
            let pain = alerts.filter { if case .answer = $0.reason { true } else { false } }.count
            let missed = alerts.count - pain
            return waiting.map { member in
                MessageRequest(
                    kind: .staffDigest, recipient: member.email, language: member.language,
                    parameters: [
                        "highPain": String(pain), "missed": String(missed), "day": today.description,
                        "link": "\(linkBase)/console", "participantsLink": "\(linkBase)/console/participants",
                    ], dedupeKey: Self.dedupeKey(staffID: member.id, day: today))
            }
        }
        guard !requests.isEmpty else { return 0 }
        return try database.write { db in
            try requests.reduce(0) { count, request in
                count + (try MessageOutbox.enqueue(request, at: queuedAt, in: db) ? 1 : 0)
            }
        }
    }

    static func dedupeKey(staffID: String, day: LocalDate) -> String { "staff-digest:\(staffID):\(day)" }
}
