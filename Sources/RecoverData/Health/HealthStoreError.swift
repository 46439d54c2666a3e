/// Why a health import or deletion was refused; the message names no health value.
public struct HealthStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, to match on.
    public struct Code: Hashable, Sendable {
        /// The stable text of the code (`unknown-participant`).
        public let rawValue: String
        /// No participant account has the id.
        public static let unknownParticipant = Code(rawValue: "unknown-participant")
        /// The participant has withdrawn from the study.
        public static let withdrawn = Code(rawValue: "withdrawn")
        /// The result holds a figure that is not a finite, non-negative number (not from the importer).
        public static let implausibleFigure = Code(rawValue: "implausible-figure")
        /// The participant's onboarding did not ask about the type.
        public static let notAsked = Code(rawValue: "not-asked")
        /// Another importer holds the upload now.
        public static let claimLost = Code(rawValue: "claim-lost")
        /// A stored row cannot be read back (edited by hand).
        public static let unreadableRow = Code(rawValue: "unreadable-row")
    }

    /// What went wrong.
    public let code: Code
    /// What went wrong in words: ids and counts, never a value.
    public let description: String

    init(_ code: Code, _ description: String) {
        self.code = code
        self.description = description
    }
}
