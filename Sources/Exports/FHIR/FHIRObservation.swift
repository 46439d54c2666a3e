import Care
import ExportFormats
import Foundation
import Recover
import RecoverData

/// An Observation per outcome value: pain (LOINC 72514-3), sleep (LOINC 93832-4, hours), range of motion
/// (UCUM `deg`, a Recover code since LOINC has none), and any other kind with a Recover code.
///
/// A value a staff member corrected (``OutcomeCorrection``) is status `amended` with the corrected value, and a
/// `note` keeps the value the participant entered and the reason.
enum FHIRObservation {
    static func resource(_ row: OutcomeValueRow, index: Int, patientID: String) -> JSONNode {
        let id = FHIRReference.id("Observation", "\(row.outcomeID)#\(index)")
        let corrected = !row.correctedValue.isEmpty
        var inForce = row
        if corrected { inForce.value = row.correctedValue }
        var members: [(String, JSONNode)] = [
            ("resourceType", .string("Observation")), ("id", .string(id)),
            ("status", .string(corrected ? "amended" : "final")),
            ("category", .array([category(row.task)])), ("code", code(row.kind)),
            ("subject", FHIRReference.reference(patientID)), ("effectiveDateTime", .string(row.eventDate)),
            ("issued", .string(row.recordedAt)),
        ]
        if let value = value(inForce) { members.append(value) }
        if corrected {
            let text =
                "Entered by the participant as \(row.value); corrected to \(row.correctedValue): \(row.correctionReason)"
            members.append(("note", .array([.object([("text", .string(text))])])))
        }
        if !row.consentID.isEmpty { members.append(FHIRConsent.collectedUnder(row.consentID)) }
        return .object(members)
    }

    private static func category(_ task: String) -> JSONNode {
        let code = task == StudyTaskID.rangeOfMotionCheck ? ("exam", "Exam") : ("survey", "Survey")
        return FHIRCodes.concept([FHIRCodes.coding(FHIRCodes.observationCategory, code.0, code.1)])
    }

    private static func code(_ kind: String) -> JSONNode {
        switch kind {
        case RecoverSurveys.Checkin.pain:
            FHIRCodes.concept(
                [
                    FHIRCodes.coding(
                        FHIRCodes.loinc, "72514-3", "Pain severity - 0-10 verbal numeric rating [Score] - Reported")
                ],
                text: "Pain")
        case RecoverSurveys.Checkin.sleep:
            FHIRCodes.concept([FHIRCodes.coding(FHIRCodes.loinc, "93832-4", "Sleep duration")], text: "Sleep")
        case "range":
            FHIRCodes.concept(
                [FHIRCodes.coding(FHIRCodes.outcomeKind, "range", "Knee range of motion")], text: "Knee range of motion"
            )
        default:
            FHIRCodes.concept(
                [FHIRCodes.coding(FHIRCodes.outcomeKind, kind.isEmpty ? "value" : kind)],
                text: kind.isEmpty ? "value" : kind)
        }
    }

    /// The value[x] element, or nil when the value cannot be represented (then the Observation has none).
    private static func value(_ row: OutcomeValueRow) -> (String, JSONNode)? {
        let unit = row.kind == RecoverSurveys.Checkin.sleep ? "h" : row.unit
        switch row.type {
        case "integer", "double":
            guard let number = Double(row.value) else { return nil }
            if !unit.isEmpty { return ("valueQuantity", FHIRCodes.quantity(number, unit: unit)) }
            if row.type == "integer", let integer = Int(row.value) { return ("valueInteger", .integer(integer)) }
            return ("valueQuantity", .object([("value", .number(number))]))
        case "boolean": return ("valueBoolean", .boolean(row.value == "true"))
        case "date": return row.value.isEmpty ? nil : ("valueDateTime", .string(row.value))
        case "text", "data": return row.value.isEmpty ? nil : ("valueString", .string(row.value))
        default: return nil
        }
    }
}
