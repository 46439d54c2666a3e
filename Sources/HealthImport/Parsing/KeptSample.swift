/// A record the import keeps, in its type's unit, with its source as an index into `SourceNames`.
struct KeptSample {
    let type: HealthType
    let source: Int
    /// Seconds since 1970 UTC.
    let start: Int64
    let end: Int64
    /// In `type.unit`; for sleep, asleep seconds (0 in bed or awake).
    let value: Double
    let sleepStage: SleepStage?
}
