import Care
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
        Set(answers(inOnboarding: result).filter(\.granted).flatMap { healthTypes(of: $0.type) })
    }

    /// The read permissions an onboarding result's permissions step answered, in the order of
    /// ``HealthDataType``: which types were asked about, and whether each was allowed.
    public static func answers(inOnboarding result: SurveyResult) -> [HealthGrant] {
        guard case .permissions(let grants) = result.stepResult(RecoverSurveys.Onboarding.permissions)?.activity
        else { return [] }
        return HealthDataType.allCases.compactMap { type in
            grants["health.read.\(type.rawValue)"].map { HealthGrant(type: type, granted: $0) }
        }
    }

    /// The participant's read permissions now, inside the caller's transaction: their latest completed
    /// onboarding's answers, each replaced by a change on the Health page given after that onboarding
    /// (``HealthGrantStore``): the latest answer wins.
    /// The health answers of onboarding results, by result id, kept with the exact JSON they came from.
    static let onboardingAnswers = DecodedRowCache<[HealthGrant]>(entryLimit: 50_000, textByteLimit: 64 << 20)

    static func current(participantID: String, in db: StoreConnection) throws -> [HealthGrant] {
        let taskID = ParticipantPlan.taskID(StudyTaskID.onboarding, patientID: participantID)
        guard let latest = try SurveyDataStore.results(patientID: participantID, taskID: taskID, in: db).last else {
            return []
        }
        // The onboarding result (with its drawn signature) is decoded once, not on every page that asks.
        let asked = try onboardingAnswers.value(id: latest.id, text: String(decoding: latest.json, as: UTF8.self)) {
            answers(inOnboarding: try SurveyJSON.decode(SurveyResult.self, from: Data($0.utf8)))
        }
        let changes = try HealthGrantStore.changes(participantID: participantID, in: db)
        return asked.map { answer in
            guard let change = changes[answer.type], change.at >= latest.completedAt else { return answer }
            return HealthGrant(type: answer.type, granted: change.granted)
        }
    }

    /// The types the participant granted now, inside the caller's transaction.
    static func granted(participantID: String, in db: StoreConnection) throws -> Set<HealthType> {
        Set(try current(participantID: participantID, in: db).filter(\.granted).flatMap { healthTypes(of: $0.type) })
    }
}

/// A participant's answer for reading one type of health data.
public struct HealthGrant: Hashable, Sendable {
    /// The type the study asked to read.
    public var type: HealthDataType
    /// Whether the participant allows it.
    public var granted: Bool

    /// An answer from its fields.
    public init(type: HealthDataType, granted: Bool) {
        self.type = type
        self.granted = granted
    }
}
