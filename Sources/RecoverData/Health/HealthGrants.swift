import Foundation
import HealthImport
import Recover
import Research

/// Which Apple Health types a participant granted, read from their onboarding: the permissions step
/// (`onboarding.requestPermissionsStep`) records one `health.read.<HealthDataType>` key per type asked for,
/// true when granted. A participant who never answered it, or declined, granted nothing.
///
/// | permission key | `HealthType`s |
/// | --- | --- |
/// | `health.read.stepCount` | `.stepCount` |
/// | `health.read.distanceWalkingRunning` | `.distanceWalkingRunning` |
/// | `health.read.activeEnergyBurned` | `.activeEnergyBurned` |
/// | `health.read.basalEnergyBurned` | `.basalEnergyBurned` |
/// | `health.read.heartRate` | `.heartRate` |
/// | `health.read.bloodPressure` | `.bloodPressureSystolic`, `.bloodPressureDiastolic` |
/// | `health.read.sleepAnalysis` | `.sleepAnalysis` |
public enum HealthGrants {
    /// The import's types of a type the study asks to read.
    public static func healthTypes(of type: HealthDataType) -> [HealthType] {
        switch type {
        case .stepCount: [.stepCount]
        case .distanceWalkingRunning: [.distanceWalkingRunning]
        case .activeEnergyBurned: [.activeEnergyBurned]
        case .basalEnergyBurned: [.basalEnergyBurned]
        case .heartRate: [.heartRate]
        case .bloodPressure: [.bloodPressureSystolic, .bloodPressureDiastolic]
        case .sleepAnalysis: [.sleepAnalysis]
        }
    }

    /// The types granted in the permissions step of an onboarding result (reading only: a write grant lets
    /// the study write to Health, not read from it).
    public static func granted(inOnboarding result: SurveyResult) -> Set<HealthType> {
        guard case .permissions(let grants) = result.stepResult(RecoverSurveys.Onboarding.permissions)?.activity
        else { return [] }
        let prefix = "health.read."
        var types: Set<HealthType> = []
        for (key, granted) in grants where granted && key.hasPrefix(prefix) {
            guard let type = HealthDataType(rawValue: String(key.dropFirst(prefix.count))) else { continue }
            types.formUnion(healthTypes(of: type))
        }
        return types
    }

    /// The types the participant granted in their latest completed onboarding, inside the caller's transaction.
    static func granted(participantID: String, in db: StoreConnection) throws -> Set<HealthType> {
        let taskID = ParticipantPlan.taskID(StudyTaskID.onboarding, patientID: participantID)
        guard let latest = try SurveyDataStore.results(patientID: participantID, taskID: taskID, in: db).last else {
            return []
        }
        return granted(inOnboarding: try SurveyJSON.decode(SurveyResult.self, from: latest.json))
    }
}
