import Foundation

/// Computes a joint's range of motion from device attitude samples (ResearchKit's knee and shoulder tasks).
public enum RangeOfMotion {
    /// Why samples could not be turned into a measurement.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        case noSamples
        case unusableSample(index: Int)

        /// `no motion samples`, or `motion sample <index> is not a unit quaternion` with its 0-based index.
        public var description: String {
            switch self {
            case .noSamples: "no motion samples"
            case .unusableSample(let index): "motion sample \(index) is not a unit quaternion"
            }
        }
    }

    /// The result for quaternion samples; the first sample is the reference attitude.
    ///
    /// For each sample q, q_rel = q * inverse(q_ref) and its angle a (pitch in portrait, roll in landscape),
    /// with 90 < a <= 180 folded to a - 360. start = 90 - angle(q_ref); finish = start - a_last;
    /// minimum = start - max(a); maximum = start - min(a); both extremes start at 0; range = |maximum - minimum|.
    public static func measure(
        _ samples: [Quaternion],
        orientation: DeviceOrientation = .portrait
    ) throws(Failure) -> RangeOfMotionResult {
        guard let reference = samples.first else { throw .noSamples }
        for (index, sample) in samples.enumerated() where !sample.isUsable {
            throw .unusableSample(index: index)
        }
        guard let inverseReference = reference.inverse else { throw .unusableSample(index: 0) }
        var lowest = 0.0
        var highest = 0.0
        var last = 0.0
        for sample in samples {
            let angle = folded(angle(of: sample * inverseReference, orientation: orientation))
            lowest = min(lowest, angle)
            highest = max(highest, angle)
            last = angle
        }
        let start = 90 - angle(of: reference, orientation: orientation)
        let minimum = start - highest
        let maximum = start - lowest
        return RangeOfMotionResult(
            start: start,
            finish: start - last,
            minimum: minimum,
            maximum: maximum,
            range: abs(maximum - minimum),
            orientation: orientation,
            samples: samples
        )
    }

    /// The result for browser orientation samples `[alpha, beta, gamma]` in degrees.
    public static func measure(
        euler samples: [(alpha: Double, beta: Double, gamma: Double)],
        orientation: DeviceOrientation = .portrait
    ) throws(Failure) -> RangeOfMotionResult {
        try measure(
            samples.map { Quaternion(alpha: $0.alpha, beta: $0.beta, gamma: $0.gamma) }, orientation: orientation)
    }

    /// The angle in degrees: rotation about the device's x-axis in portrait, about its y-axis in landscape.
    static func angle(of q: Quaternion, orientation: DeviceOrientation) -> Double {
        let radians: Double
        switch orientation {
        case .portrait: radians = atan2(2 * (q.x * q.w + q.y * q.z), 1 - 2 * (q.x * q.x + q.z * q.z))
        case .landscape: radians = atan2(2 * (q.y * q.w - q.x * q.z), 1 - 2 * (q.y * q.y + q.z * q.z))
        }
        return radians * 180 / .pi
    }

    /// Folds angles past 90° into the negative range, as ResearchKit does, so a bend through 90° stays continuous.
    static func folded(_ angle: Double) -> Double {
        angle > 90 && angle <= 180 ? abs(angle) - 360 : angle
    }
}
