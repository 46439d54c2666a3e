import Care
import Foundation
import Recover
import RecoverData
import Research

/// Synthetic participants for trying and measuring Recover: they join, consent (drawn-looking signatures),
/// do check-ins and range-of-motion measurements with recovery trends, noise and missed days, written
/// through the same use cases as real participants (``StudyBatch``: plan creation and survey completion),
/// so they look exactly like real ones.
///
/// They are marked by their email addresses, `synthetic-0001@example.invalid` (the reserved `.invalid`
/// domain never delivers mail), and cannot sign in (their password hash is not a valid hash). The data is
/// a deterministic function of the seed, the count and the days, apart from generated ids and times of
/// writing.
///
/// ```swift
/// let summary = try DemoData(participants: 20, days: 30, seed: 1).generate(into: records)
/// ```
public struct DemoData: Sendable {
    /// How many participants.
    public var participants: Int
    /// How many days of data each has, ending yesterday.
    public var days: Int
    /// The seed of the generator.
    public var seed: UInt64
    /// The day after the last day of data (default: today in UTC).
    public var today: LocalDate
    /// Participants per write transaction.
    public var batchSize = 100

    /// The email domain that marks synthetic participants.
    public static let emailDomain = "example.invalid"

    /// What was written.
    public struct Summary: Hashable, Sendable {
        /// Synthetic participants who joined.
        public var participants = 0
        /// Check-in surveys completed.
        public var checkins = 0
        /// Range-of-motion measurements completed.
        public var rangeOfMotion = 0
        /// Consents signed, one per participant.
        public var consents = 0
    }

    /// Options for a run.
    public init(participants: Int, days: Int, seed: UInt64 = 1, today: LocalDate? = nil) {
        self.participants = participants
        self.days = days
        self.seed = seed
        self.today = today ?? LocalDateTime(instant: Date(), in: TimeZone(identifier: "UTC") ?? .gmt).date
    }

    /// The email of synthetic participant `number` (from 1).
    public static func email(_ number: Int) -> String {
        "synthetic-\(String(format: "%04d", number))@\(emailDomain)"
    }

    /// Whether an account is a synthetic participant.
    public static func isSynthetic(email: String) -> Bool { email.hasSuffix("@" + emailDomain) }

    /// Writes the participants in batches of ``batchSize`` per transaction, attributed to `cli:demo-data` in
    /// the audit trail, consent records signed with the records' key; `progress` gets the number of
    /// participants written so far. Throws ``DemoDataError/alreadyPresent`` if the folder already has
    /// synthetic participants.
    @discardableResult
    public func generate(into records: StudyDatabase, progress: (Int) -> Void = { _ in }) throws -> Summary {
        if try records.accounts.account(email: Self.email(1)) != nil { throw DemoDataError.alreadyPresent }
        var summary = Summary()
        var next = 1
        while next <= participants {
            let last = min(participants, next + batchSize - 1)
            let batch = try records.batch(actor: "cli:demo-data") { writes in
                var batch = Summary()
                for number in next...last {
                    var generator = SeededGenerator(seed: seed &* 0x1000_0001 &+ UInt64(number))
                    let person = SyntheticParticipant(number: number, days: days, today: today, generator: &generator)
                    try person.write(with: writes, summary: &batch, generator: &generator)
                }
                return batch
            }
            summary.participants += batch.participants
            summary.checkins += batch.checkins
            summary.rangeOfMotion += batch.rangeOfMotion
            summary.consents += batch.consents
            progress(summary.participants)
            next = last + 1
        }
        return summary
    }
}

/// Why demo data could not be written.
public enum DemoDataError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The data folder already has synthetic participants.
    case alreadyPresent

    /// What to do: `the data folder already has synthetic participants (...); use a fresh data folder`.
    public var description: String {
        switch self {
        case .alreadyPresent:
            "the data folder already has synthetic participants (synthetic-0001@\(DemoData.emailDomain)); "
                + "use a fresh data folder"
        }
    }
}
