import Care

/// What an export includes: one participant or all, and a range of event dates (inclusive, the
/// participant's local dates).
public struct ExportFilter: Hashable, Sendable {
    /// The participant's account id, or nil for every participant.
    public var participantID: String?
    /// The first event date included.
    public var from: LocalDate?
    /// The last event date included.
    public var to: LocalDate?
    /// What the export includes of data collected outside consent.
    public var consent = ConsentScope()

    /// Whether an export includes data collected outside the participant's consent, and which it left out;
    /// every export says which it applied (docs/exports.md).
    public struct ConsentScope: Hashable, Sendable {
        /// Values recorded after the participant withdrew (none by default).
        public var afterWithdrawal: Inclusion
        /// The data of participants who have not signed the current version of every required consent
        /// document (included by default: their earlier consent still covers what they gave).
        public var withoutCurrentConsent: Inclusion

        /// The scope from its members; the defaults leave out what was recorded after a withdrawal and keep the data
        /// of participants who have not signed a document's current version.
        public init(afterWithdrawal: Inclusion = .excluded, withoutCurrentConsent: Inclusion = .included) {
            self.afterWithdrawal = afterWithdrawal
            self.withoutCurrentConsent = withoutCurrentConsent
        }

        /// Included or excluded, as the export's header states it.
        public enum Inclusion: String, CaseIterable, Hashable, Sendable {
            case included, excluded
        }

        /// `after withdrawal: excluded; without the current consent version: included`, for people.
        public var summary: String {
            "data after withdrawal: \(afterWithdrawal.rawValue); participants without the current consent version: "
                + withoutCurrentConsent.rawValue
        }
    }

    /// A filter; throws ``ExportError/invalidDateRange(from:to:)`` when `from` is after `to`.
    public init(participantID: String? = nil, from: LocalDate? = nil, to: LocalDate? = nil) throws {
        if let from, let to, to < from {
            throw ExportError.invalidDateRange(from: from.description, to: to.description)
        }
        self.participantID = participantID
        self.from = from
        self.to = to
    }
}
