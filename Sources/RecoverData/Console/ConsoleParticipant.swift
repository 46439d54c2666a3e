import Foundation
import SQLite

/// One participant as the research console lists them: account facts plus activity figures computed by
/// ``ConsoleQueries`` in SQL.
public struct ConsoleParticipant: Codable, Hashable, Sendable {
    /// The account id, which is also the patient id in the care store (the pseudonymous id staff see).
    public var id: String
    /// The normalised email address.
    public var email: String
    /// When the account was created (joined the study).
    public var joinedAt: Date
    /// The participant's time zone identifier, when known.
    public var timeZone: String?
    /// The preferred language tag, when chosen.
    public var language: String?
    /// When the participant withdrew, if they did.
    public var withdrawnAt: Date?
    /// Whether the onboarding task has a live outcome (consent signed, onboarding finished).
    public var isOnboarded: Bool
    /// The last time the participant recorded or changed an outcome.
    public var lastActivityAt: Date?
    /// Check-ins completed in the adherence window.
    public var checkinsCompleted: Int
    /// Check-ins due in the adherence window (days since the check-in task began, at most the window).
    public var checkinsDue: Int
    /// Whether the participant was generated as demo data rather than enrolled by a person.
    public var isSynthetic: Bool
    /// How many current required consent documents they have not signed (the current version of).
    public var unsignedRequiredConsents = 0
    /// Whether they recorded today's check-in (today is not in the adherence window).
    public var checkedInToday = false
    /// Range of motion and diary figures of the adherence window, by study task; filled for the list's page
    /// only (``ConsoleQueries/taskAdherence(of:today:in:)``).
    public var tasks: [String: TaskAdherence] = [:]

    /// Events of one study task done and due in the adherence window.
    public struct TaskAdherence: Codable, Hashable, Sendable {
        /// Events with an outcome.
        public var done: Int
        /// Events due: those of the window's days before today, and today's when done.
        public var due: Int

        /// `done` events with an outcome out of `due`.
        public init(done: Int, due: Int) {
            self.done = done
            self.due = due
        }
    }

    /// A participant summary.
    public init(
        id: String, email: String, joinedAt: Date, timeZone: String? = nil, language: String? = nil,
        withdrawnAt: Date? = nil, isOnboarded: Bool = false, lastActivityAt: Date? = nil, checkinsCompleted: Int = 0,
        checkinsDue: Int = 0, isSynthetic: Bool = false
    ) {
        self.id = id
        self.email = email
        self.joinedAt = joinedAt
        self.timeZone = timeZone
        self.language = language
        self.withdrawnAt = withdrawnAt
        self.isOnboarded = isOnboarded
        self.lastActivityAt = lastActivityAt
        self.checkinsCompleted = checkinsCompleted
        self.checkinsDue = checkinsDue
        self.isSynthetic = isSynthetic
    }

    /// Completed over due check-ins (0...1), or nil when none were due yet.
    public var adherence: Double? {
        checkinsDue > 0 ? min(1, Double(checkinsCompleted) / Double(checkinsDue)) : nil
    }
}
