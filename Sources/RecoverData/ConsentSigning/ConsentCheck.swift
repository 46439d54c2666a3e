/// The verification of one consent record: ok, or what was altered.
public struct ConsentCheck: Hashable, Sendable, CustomStringConvertible {
    /// The record's id as stored.
    public let recordID: String
    /// The participant the record names as stored.
    public let participantID: String
    /// What does not check out, in field order (`printed name`, `signature image`, `server signature`...);
    /// empty when the record is intact and signed.
    public let problems: [String]

    /// Whether the record checked out.
    public var isOK: Bool { problems.isEmpty }

    /// `consent <id> participant <id>: ok` or `...: altered: printed name, signed at`.
    public var description: String {
        "consent \(recordID) participant \(participantID): "
            + (problems.isEmpty ? "ok" : "altered: \(problems.joined(separator: ", "))")
    }
}
