import Foundation

/// What a range-of-motion step measures: one joint on one side (ResearchKit's knee and shoulder range-of-motion
/// tasks; the result is a ``RangeOfMotionResult``).
///
/// ```swift
/// Step(id: "knee.rom", kind: .rangeOfMotion(JointMeasurement(joint: .knee, limb: .left)))
/// ```
public struct JointMeasurement: Codable, Hashable, Sendable {
    /// The measured joint.
    public enum Joint: String, Codable, Hashable, Sendable, CaseIterable {
        case knee, shoulder
    }

    /// The joint measured.
    public var joint: Joint
    /// The side measured; measuring both is two steps. Its JSON name is `limb`.
    public var limb: BodySide

    /// Creates a `JointMeasurement` from its members.
    public init(joint: Joint, limb: BodySide) {
        self.joint = joint
        self.limb = limb
    }

    private enum CodingKeys: String, CodingKey {
        case joint, limb
    }

    /// Decodes `joint` and `limb`; an unknown joint, or a limb other than `left` or `right`, is `dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let joint = try c.decode(String.self, forKey: .joint)
        let limb = try c.decode(String.self, forKey: .limb)
        guard let knownJoint = Joint(rawValue: joint) else {
            throw DecodingError.dataCorruptedError(
                forKey: .joint,
                in: c,
                debugDescription: "joint '\(joint)' is not one of: knee, shoulder"
            )
        }
        guard let knownLimb = BodySide(rawValue: limb) else {
            throw DecodingError.dataCorruptedError(
                forKey: .limb,
                in: c,
                debugDescription: "limb '\(limb)' is not one of: left, right (measure each side in its own step)"
            )
        }
        self.init(joint: knownJoint, limb: knownLimb)
    }
}
