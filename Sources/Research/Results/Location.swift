import Foundation

/// A place picked by the participant: coordinates in degrees and an optional address.
public struct Location: Codable, Hashable, Sendable {
    /// Degrees north, -90...90.
    public var latitude: Double
    /// Degrees east, -180...180.
    public var longitude: Double
    /// A readable address, when known.
    public var address: String?

    /// Creates a `Location` from its members.
    public init(latitude: Double, longitude: Double, address: String? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.address = address
    }

    /// Whether the coordinates are on the globe.
    public var isValid: Bool {
        (-90...90).contains(latitude) && (-180...180).contains(longitude)
    }
}
