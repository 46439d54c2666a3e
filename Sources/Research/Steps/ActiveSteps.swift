import Foundation

/// A front-camera recording, such as a video of an exercise.
public struct CameraRecording: Codable, Hashable, Sendable {
    /// The longest recording in seconds.
    public var maximumDuration: TimeInterval
    /// Whether the participant can watch the recording before submitting it.
    public var allowsReview: Bool
    /// Whether the participant can discard the recording and record again.
    public var allowsRetry: Bool

    /// Creates a `CameraRecording` from its members.
    public init(maximumDuration: TimeInterval, allowsReview: Bool = true, allowsRetry: Bool = true) {
        self.maximumDuration = maximumDuration
        self.allowsReview = allowsReview
        self.allowsRetry = allowsRetry
    }
}

/// A check that the surroundings are quiet enough for a hearing test.
public struct NoiseCheck: Codable, Hashable, Sendable {
    /// The loudest acceptable A-weighted level.
    public var thresholdDBA: Double
    /// How many readings in a row must be below the threshold.
    public var consecutiveQuietSamples: Int

    /// Creates a `NoiseCheck` from its members.
    public init(thresholdDBA: Double = 35, consecutiveQuietSamples: Int = 5) {
        self.thresholdDBA = thresholdDBA
        self.consecutiveQuietSamples = consecutiveQuietSamples
    }

    /// Whether `readings` (dBA, in order) contain the required run of quiet readings.
    public func passes(_ readings: [Double]) -> Bool {
        var run = 0
        for reading in readings {
            run = reading < thresholdDBA ? run + 1 : 0
            if run >= consecutiveQuietSamples { return true }
        }
        return false
    }
}

/// A pure-tone hearing test over frequencies and ears.
public struct ToneAudiometry: Codable, Hashable, Sendable {
    /// The thresholds a result may record, in dB HL.
    public static let thresholdRange: ClosedRange<Double> = -10...120

    /// An ear tested.
    public enum Ear: String, Codable, Hashable, Sendable {
        case left, right
    }

    /// Test frequencies in hertz, in order.
    public var frequencies: [Double]
    /// The ears tested, in order.
    public var ears: [Ear]

    /// Creates a `ToneAudiometry` from its members.
    public init(frequencies: [Double] = [1000, 2000, 4000, 8000, 500, 250], ears: [Ear] = [.left, .right]) {
        self.frequencies = frequencies
        self.ears = ears
    }
}

/// A 3-D model of the body on which parts can be highlighted and picked.
public struct BodyModel: Codable, Hashable, Sendable {
    /// The identifier of the model the browser loads.
    public var modelID: String
    /// Parts the participant may pick.
    public var selectableParts: [String]
    /// Parts highlighted when the step opens.
    public var highlightedParts: [String]
    /// A CSS colour such as `#ffcc00`.
    public var highlightColor: String
    /// Whether parts can be picked.
    public var allowsSelection: Bool
    /// Continue is enabled only after at least one part is picked.
    public var continueAfterSelectionOnly: Bool

    /// Creates a `BodyModel` from its members.
    public init(
        modelID: String,
        selectableParts: [String] = [],
        highlightedParts: [String] = [],
        highlightColor: String = "#ffcc00",
        allowsSelection: Bool = true,
        continueAfterSelectionOnly: Bool = false
    ) {
        self.modelID = modelID
        self.selectableParts = selectableParts
        self.highlightedParts = highlightedParts
        self.highlightColor = highlightColor
        self.allowsSelection = allowsSelection
        self.continueAfterSelectionOnly = continueAfterSelectionOnly
    }
}
