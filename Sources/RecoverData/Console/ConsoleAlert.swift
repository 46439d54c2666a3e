import Foundation
import SQLite

/// A participant the study team should look at.
public struct ConsoleAlert: Codable, Hashable, Sendable {
    /// Why the participant is flagged.
    public enum Reason: Codable, Hashable, Sendable {
        /// The last pain score recorded was this high (8 or more on 1...10), for the event starting at `on`.
        case highPain(score: Double, on: String)
        /// No check-in on the last three days before today.
        case missedCheckins
        /// No check-in yesterday and none yet today (the study's required daily task).
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
