/// A member of the study team a patient can reach.
public struct Contact: Codable, Hashable, Sendable, Identifiable {
    /// The contact's unique identifier.
    public var id: String
    /// The contact's name.
    public var name: String
    /// The contact's role, for example "Study coordinator".
    public var role: String
    /// A phone number.
    public var phone: String?
    /// An email address.
    public var email: String?
    /// The care plan the contact belongs to, if any.
    public var carePlanID: String?

    /// Creates a contact.
    public init(
        id: String, name: String, role: String, phone: String? = nil, email: String? = nil, carePlanID: String? = nil
    ) {
        self.id = id
        self.name = name
        self.role = role
        self.phone = phone
        self.email = email
        self.carePlanID = carePlanID
    }
}
