import Foundation

/// How the device was held during a range-of-motion measurement, which selects the angle formula.
public enum DeviceOrientation: String, Codable, Hashable, Sendable {
    case portrait, landscape
}

/// A range-of-motion measurement in degrees, with the raw samples it was computed from.
///
/// `start`, `finish`, `minimum` and `maximum` are `nil` for an angle the participant entered by hand.
public struct RangeOfMotionResult: Codable, Hashable, Sendable {
    /// The ranges a result may have, in degrees: neither a knee nor a shoulder moves through more than 180°,
    /// so the engine refuses a range outside this, measured or typed.
    public static let plausibleRange: ClosedRange<Double> = 0...180

    /// The angle of the limb when the measurement starts, in degrees.
    public var start: Double?
    /// The angle at the end, in degrees.
    public var finish: Double?
    /// The lowest accepted value, if bounded.
    public var minimum: Double?
    /// The highest accepted value, if bounded.
    public var maximum: Double?
    /// The measured range, which Recover stores as the outcome.
    public var range: Double
    /// How the device was held.
    public var orientation: DeviceOrientation
    /// The attitude samples, first one the reference.
    public var samples: [Quaternion]
    /// Whether the range was entered by hand rather than measured.
    public var isManual: Bool
    /// The side measured, from the step's task (nil in results stored before results named it).
    public var limb: BodySide?

    /// Creates a `RangeOfMotionResult` from its members.
    public init(
        start: Double?,
        finish: Double?,
        minimum: Double?,
        maximum: Double?,
        range: Double,
        orientation: DeviceOrientation,
        samples: [Quaternion],
        isManual: Bool = false
    ) {
        self.start = start
        self.finish = finish
        self.minimum = minimum
        self.maximum = maximum
        self.range = range
        self.orientation = orientation
        self.samples = samples
        self.isManual = isManual
    }

    /// A range typed in by the participant, when no sensor was available.
    public static func manual(range: Double) -> RangeOfMotionResult {
        RangeOfMotionResult(
            start: nil,
            finish: nil,
            minimum: nil,
            maximum: nil,
            range: range,
            orientation: .portrait,
            samples: [],
            isManual: true
        )
    }
}
