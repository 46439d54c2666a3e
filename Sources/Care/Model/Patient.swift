import Foundation

/// A study participant whose care plans and outcomes the store keeps.
public struct Patient: Codable, Hashable, Sendable, Identifiable {
    /// The patient's unique identifier.
    public var id: String
    /// The patient's name as they gave it.
    public var name: String
    /// The patient's birth date, when known.
    public var birthDate: LocalDate?
    /// The IANA time-zone identifier schedules are evaluated in, for example `America/New_York`.
    public var timeZoneIdentifier: String

    /// Creates a patient.
    public init(id: String, name: String, birthDate: LocalDate? = nil, timeZoneIdentifier: String) {
        self.id = id
        self.name = name
        self.birthDate = birthDate
        self.timeZoneIdentifier = timeZoneIdentifier
    }
}
