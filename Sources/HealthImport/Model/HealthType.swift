/// A kind of Apple Health sample the import understands, named by its HealthKit identifier.
///
/// A participant grants some of these; the import keeps only granted kinds.
///
/// ```swift
/// let granted: Set<HealthType> = [.stepCount, .sleepAnalysis]
/// ```
public enum HealthType: String, Codable, Hashable, Sendable, CaseIterable {
    case stepCount = "HKQuantityTypeIdentifierStepCount"
    case distanceWalkingRunning = "HKQuantityTypeIdentifierDistanceWalkingRunning"
    case activeEnergyBurned = "HKQuantityTypeIdentifierActiveEnergyBurned"
    case basalEnergyBurned = "HKQuantityTypeIdentifierBasalEnergyBurned"
    case heartRate = "HKQuantityTypeIdentifierHeartRate"
    case bloodPressureSystolic = "HKQuantityTypeIdentifierBloodPressureSystolic"
    case bloodPressureDiastolic = "HKQuantityTypeIdentifierBloodPressureDiastolic"
    case sleepAnalysis = "HKCategoryTypeIdentifierSleepAnalysis"

    /// The unit every value of this kind is converted to.
    public var unit: String {
        switch self {
        case .stepCount: "count"
        case .distanceWalkingRunning: "m"
        case .activeEnergyBurned, .basalEnergyBurned: "kcal"
        case .heartRate: "count/min"
        case .bloodPressureSystolic, .bloodPressureDiastolic: "mmHg"
        case .sleepAnalysis: "s"
        }
    }

    /// Whether a day's figure is a sum of its samples (as opposed to a range of readings or a night).
    var isDailySum: Bool {
        switch self {
        case .stepCount, .distanceWalkingRunning, .activeEnergyBurned, .basalEnergyBurned: true
        case .heartRate, .bloodPressureSystolic, .bloodPressureDiastolic, .sleepAnalysis: false
        }
    }

    /// A dense index for counting arrays.
    var index: Int {
        switch self {
        case .stepCount: 0
        case .distanceWalkingRunning: 1
        case .activeEnergyBurned: 2
        case .basalEnergyBurned: 3
        case .heartRate: 4
        case .bloodPressureSystolic: 5
        case .bloodPressureDiastolic: 6
        case .sleepAnalysis: 7
        }
    }
}
