import Foundation

/// One raw sample as exported, converted to its type's unit (`HealthType.unit`), kept for the most recent days.
public struct HealthSample: Codable, Hashable, Sendable {
    /// What was measured.
    public var type: HealthType
    /// The app or device that recorded it (`sourceName`).
    public var source: String
    /// When the sample's interval starts.
    public var start: Date
    /// When it ends (equal to `start` for an instant reading).
    public var end: Date
    /// The value in `type.unit`; for sleep, the interval's asleep seconds (0 in bed or awake).
    public var value: Double
    /// For sleep, the stage; nil otherwise.
    public var sleepStage: SleepStage?
}
