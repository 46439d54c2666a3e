/// Why a study use case refused: a typed code the web turns into a page, never a message to match.
public struct StudyRecordError: Error, Hashable, Sendable {
    /// What went wrong.
    public struct Code: RawRepresentable, Hashable, Sendable {
        /// The code's name, such as `outOfDate`.
        public let rawValue: String
        /// The code named `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The survey cannot be finished: its result does not map to outcome values.
        public static let incomplete = Code(rawValue: "incomplete")
        /// The consent step has no signature.
        public static let signatureMissing = Code(rawValue: "signatureMissing")
        /// The survey or document changed since the participant saw it.
        public static let outOfDate = Code(rawValue: "outOfDate")
        /// Another run already recorded an outcome for this event.
        public static let alreadyDone = Code(rawValue: "alreadyDone")
        /// The participant has no such event (or its task version is gone).
        public static let noSuchEvent = Code(rawValue: "noSuchEvent")
        /// The account is not a participant taking part (staff, unknown, or withdrawn).
        public static let notTakingPart = Code(rawValue: "notTakingPart")
    }

    /// What went wrong.
    public let code: Code

    /// A refusal with `code`.
    public init(_ code: Code) { self.code = code }
}
