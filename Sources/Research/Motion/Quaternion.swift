import Foundation

/// A device attitude as a unit quaternion (x, y, z, w).
public struct Quaternion: Codable, Hashable, Sendable {
    /// The x component.
    public var x: Double
    /// The y component.
    public var y: Double
    /// The z component.
    public var z: Double
    /// The scalar component.
    public var w: Double

    /// Creates a `Quaternion` from its members.
    public init(x: Double, y: Double, z: Double, w: Double) {
        self.x = x
        self.y = y
        self.z = z
        self.w = w
    }

    /// A rotation of `degrees` about the unit axis (`axisX`, `axisY`, `axisZ`).
    public init(degrees: Double, axisX: Double, axisY: Double, axisZ: Double) {
        let half = degrees * .pi / 360
        let sine = sin(half)
        self.init(x: axisX * sine, y: axisY * sine, z: axisZ * sine, w: cos(half))
    }

    /// The attitude a browser reports as Euler angles in degrees: `alpha` about z, then `beta` about the new x,
    /// then `gamma` about the newest y (intrinsic Z-X'-Y'', the DeviceOrientationEvent convention).
    public init(alpha: Double, beta: Double, gamma: Double) {
        let radians = Double.pi / 360
        let (ca, sa) = (cos(alpha * radians), sin(alpha * radians))
        let (cb, sb) = (cos(beta * radians), sin(beta * radians))
        let (cg, sg) = (cos(gamma * radians), sin(gamma * radians))
        self.init(
            x: sb * cg * ca - cb * sg * sa,
            y: cb * sg * ca + sb * cg * sa,
            z: cb * cg * sa + sb * sg * ca,
            w: cb * cg * ca - sb * sg * sa
        )
    }

    /// The Hamilton product `self * other`.
    public static func * (lhs: Quaternion, rhs: Quaternion) -> Quaternion {
        Quaternion(
            x: lhs.w * rhs.x + lhs.x * rhs.w + lhs.y * rhs.z - lhs.z * rhs.y,
            y: lhs.w * rhs.y - lhs.x * rhs.z + lhs.y * rhs.w + lhs.z * rhs.x,
            z: lhs.w * rhs.z + lhs.x * rhs.y - lhs.y * rhs.x + lhs.z * rhs.w,
            w: lhs.w * rhs.w - lhs.x * rhs.x - lhs.y * rhs.y - lhs.z * rhs.z
        )
    }

    /// The squared length.
    public var normSquared: Double { x * x + y * y + z * z + w * w }

    /// The inverse rotation; `nil` for the zero quaternion.
    public var inverse: Quaternion? {
        let norm = normSquared
        guard norm > 0, norm.isFinite else { return nil }
        return Quaternion(x: -x / norm, y: -y / norm, z: -z / norm, w: w / norm)
    }

    /// Whether every component is finite and the length is close to 1.
    public var isUsable: Bool {
        [x, y, z, w].allSatisfy(\.isFinite) && abs(normSquared - 1) < 0.01
    }

    /// Written as `[x, y, z, w]`.
    public init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        let values = [
            try c.decode(Double.self), try c.decode(Double.self), try c.decode(Double.self), try c.decode(Double.self),
        ]
        if !c.isAtEnd {
            throw DecodingError.dataCorruptedError(
                in: c, debugDescription: "a quaternion has four numbers [x, y, z, w]")
        }
        self.init(x: values[0], y: values[1], z: values[2], w: values[3])
    }

    /// Encodes `[x, y, z, w]`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(contentsOf: [x, y, z, w])
    }
}
