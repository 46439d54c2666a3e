import ExportFormats
import HealthImport

/// How the FHIR export codes an Apple Health type: LOINC where a code's meaning fits (steps in 24 hours
/// 41950-7, calories burned 41981-2, heart rate 8867-4, systolic 8480-6 and diastolic 8462-4 blood pressure,
/// sleep duration 93832-4), always with the HealthKit identifier under Recover's own system beside it, and only
/// that for distance walked or run and basal energy, which have no LOINC code we could confirm; the category
/// (`activity` or `vital-signs`) and the UCUM unit of the value.
struct FHIRHealthCode {
    /// The `observation-category` code.
    let category: String
    /// `Observation.code`.
    let concept: JSONNode
    /// The UCUM code of the value.
    let ucum: String
    /// The unit as people read it.
    let unit: String

    init(_ type: HealthType) {
        let loinc: (code: String, display: String)?
        let text: String
        switch type {
        case .stepCount:
            (loinc, text, category, ucum, unit) = (
                ("41950-7", "Number of steps in 24 hour Measured"), "Steps", "activity", "{steps}/d", "steps/day"
            )
        case .distanceWalkingRunning:
            (loinc, text, category, ucum, unit) = (nil, "Walking and running distance", "activity", "m/d", "m/day")
        case .activeEnergyBurned:
            (loinc, text, category, ucum, unit) = (
                ("41981-2", "Calories burned"), "Active energy burned", "activity", "kcal/d", "kcal/day"
            )
        case .basalEnergyBurned:
            (loinc, text, category, ucum, unit) = (nil, "Basal energy burned", "activity", "kcal/d", "kcal/day")
        case .heartRate:
            (loinc, text, category, ucum, unit) = (
                ("8867-4", "Heart rate"), "Heart rate (mean of the day)", "vital-signs", "/min", "beats/minute"
            )
        case .bloodPressureSystolic:
            (loinc, text, category, ucum, unit) = (
                ("8480-6", "Systolic blood pressure"), "Systolic blood pressure (mean of the day)", "vital-signs",
                "mm[Hg]", "mmHg"
            )
        case .bloodPressureDiastolic:
            (loinc, text, category, ucum, unit) = (
                ("8462-4", "Diastolic blood pressure"), "Diastolic blood pressure (mean of the day)", "vital-signs",
                "mm[Hg]", "mmHg"
            )
        case .sleepAnalysis:
            (loinc, text, category, ucum, unit) = (("93832-4", "Sleep duration"), "Sleep", "activity", "h", "h")
        }
        let local = FHIRCodes.coding(FHIRCodes.healthKitType, type.rawValue)
        let codings = loinc.map { [FHIRCodes.coding(FHIRCodes.loinc, $0.code, $0.display), local] } ?? [local]
        concept = FHIRCodes.concept(codings, text: text)
    }

    /// A UCUM quantity of `value` in the type's unit.
    func quantity(_ value: Double) -> JSONNode {
        .object([
            ("value", .number(value)), ("unit", .string(unit)), ("system", .string(FHIRCodes.ucum)),
            ("code", .string(ucum)),
        ])
    }
}
