import ExportFormats
import Foundation
import RecoverData
import Research

/// A QuestionnaireResponse per stored survey result: one item per answered question (`<step>.<item>`) and
/// one per range-of-motion measurement; "don't know" and skipped answers have no item. `questionnaire` is the
/// canonical (`<canonicalBase>/Questionnaire/<survey>|<revision>`) of the Questionnaire the export includes.
enum FHIRQuestionnaireResponse {
    static func resource(
        _ record: SurveyResultRecord, questionnaire: String, patientID: String, consentID: String? = nil
    ) throws -> JSONNode {
        let result: SurveyResult
        do {
            result = try SurveyJSON.decode(SurveyResult.self, from: record.json)
        } catch {
            throw ExportError.unreadableRecord(table: "survey_result", id: record.id)
        }
        var items: [JSONNode] = []
        for step in result.stepResults {
            for question in step.answers {
                guard let answer = answer(question.answer) else { continue }
                items.append(
                    .object([
                        ("linkId", .string(linkID(step: step.stepID, item: question.itemID))),
                        ("answer", .array(answer)),
                    ]))
            }
            if case .rangeOfMotion(let measurement) = step.activity {
                items.append(
                    .object([
                        ("linkId", .string("\(step.stepID).range")),
                        ("answer", .array([.object([("valueDecimal", .number(measurement.range))])])),
                    ]))
            }
        }
        var members: [(String, JSONNode)] = [
            ("resourceType", .string("QuestionnaireResponse")),
            ("id", .string(FHIRReference.id("QuestionnaireResponse", record.id))),
            ("questionnaire", .string(questionnaire)), ("status", .string("completed")),
            ("subject", FHIRReference.reference(patientID)),
            ("authored", .string(StoredInstant.text(of: record.completedAt))),
        ]
        if !items.isEmpty { members.append(("item", .array(items))) }
        if let consentID { members.append(FHIRConsent.collectedUnder(consentID)) }
        return .object(members)
    }

    /// The item's id when it already names its step (`checkin.form.pain`), else `<step>.<item>`.
    static func linkID(step: String, item: String) -> String {
        item.hasPrefix(step + ".") ? item : "\(step).\(item)"
    }

    private static func answer(_ answer: Answer) -> [JSONNode]? {
        let value: [(String, JSONNode)]
        switch answer {
        case .integer(let number): value = [("valueInteger", .integer(number))]
        case .decimal(let number): value = [("valueDecimal", .number(number))]
        case .text(let text):
            guard !text.isEmpty else { return nil }
            value = [("valueString", .string(text))]
        case .choices(let choices, let other):
            let all = (choices + (other.map { [$0] } ?? [])).filter { !$0.isEmpty }
            guard !all.isEmpty else { return nil }
            return all.map { .object([("valueString", .string($0))]) }
        case .boolean(let flag): value = [("valueBoolean", .boolean(flag))]
        case .date(let date): value = [("valueDate", .string(date.description))]
        case .dateTime(let date): value = [("valueDateTime", .string(StoredInstant.text(of: date)))]
        case .timeOfDay(let time):
            value = [("valueTime", .string(String(format: "%02d:%02d:00", time.hour, time.minute)))]
        case .interval(let seconds): value = [("valueQuantity", FHIRCodes.quantity(seconds, unit: "s"))]
        case .location(let location):
            value = [("valueString", .string(location.address ?? "\(location.latitude), \(location.longitude)"))]
        case .dontKnow, .skipped: return nil
        }
        return [.object(value)]
    }
}
