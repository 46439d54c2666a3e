/// A sleep analysis sample's category value (`HKCategoryValueSleepAnalysis…`).
public enum SleepStage: String, Codable, Hashable, Sendable, CaseIterable {
    case inBed = "HKCategoryValueSleepAnalysisInBed"
    case awake = "HKCategoryValueSleepAnalysisAwake"
    case asleep = "HKCategoryValueSleepAnalysisAsleep"
    case asleepUnspecified = "HKCategoryValueSleepAnalysisAsleepUnspecified"
    case asleepCore = "HKCategoryValueSleepAnalysisAsleepCore"
    case asleepDeep = "HKCategoryValueSleepAnalysisAsleepDeep"
    case asleepREM = "HKCategoryValueSleepAnalysisAsleepREM"

    /// Whether time in this stage counts as sleep (in bed and awake do not).
    public var isAsleep: Bool {
        switch self {
        case .inBed, .awake: false
        case .asleep, .asleepUnspecified, .asleepCore, .asleepDeep, .asleepREM: true
        }
    }
}
