import Foundation
import SQLite

/// A participant the study team should look at.
public struct ConsoleAlert: Codable, Hashable, Sendable {
    /// Why the participant is flagged.
    public enum Reason: Codable, Hashable, Sendable {
        /// The latest answer raised the study's alert rule `rule` (such as a pain score of 8 or more): its value,
        /// the start of its event, and the rule's message per language tag (`{value}` and `{date}` filled in).
        case answer(rule: String, value: Double, on: String, messages: [String: String])
        /// No daily task (the check-in) on any of the last `days` days before today.
        case missedDailyTask(days: Int)
        /// No daily task yesterday and none yet today.
        case behindToday
        /// The current version `version` of required consent document `documentID` (its title per language
        /// tag) is not signed.
        case consentUnsigned(documentID: String, version: String, titles: [String: String])
    }

    /// The participant's id.
    public var participantID: String
    /// The participant's email address.
    public var email: String
    /// Why.
    public var reason: Reason

    /// An alert.
    public init(participantID: String, email: String, reason: Reason) {
        self.participantID = participantID
        self.email = email
        self.reason = reason
    }
}

/// Enrollment figures for the dashboard.
public struct EnrollmentCounts: Codable, Hashable, Sendable {
    /// Participant accounts created.
    public var joined: Int
    /// Participants who finished onboarding.
    public var onboarded: Int
    /// Participants who withdrew.
    public var withdrawn: Int

    /// Counts.
    public init(joined: Int, onboarded: Int, withdrawn: Int) {
        self.joined = joined
        self.onboarded = onboarded
        self.withdrawn = withdrawn
    }
}
