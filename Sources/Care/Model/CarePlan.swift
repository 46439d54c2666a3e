/// A named group of care tasks for one patient, for example "Knee recovery".
public struct CarePlan: Codable, Hashable, Sendable, Identifiable {
    /// The care plan's unique identifier.
    public var id: String
    /// The title shown to the patient and the study team.
    public var title: String
    /// The patient the plan belongs to.
    public var patientID: String?

    /// Creates a care plan.
    public init(id: String, title: String, patientID: String? = nil) {
        self.id = id
        self.title = title
        self.patientID = patientID
    }
}
