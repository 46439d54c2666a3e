import ExportFormats
import Foundation
import RecoverData

/// One outcome value as exported: the CSV row, and the fields the JSON and FHIR exports use.
public struct OutcomeValueRow: Hashable, Sendable {
    /// The participant's account id (exports show ``Pseudonyms`` instead).
    public var participantID: String
    /// The outcome's id.
    public var outcomeID: String
    /// The study task id (`checkin`), without the participant prefix of the care task id.
    public var task: String
    /// The event's occurrence index.
    public var occurrence: Int
    /// The event's local start, `2026-03-29T08:00`.
    public var eventStart: String
    /// The value's kind (`checkin.form.pain`), or empty.
    public var kind: String
    /// `integer`, `double`, `boolean`, `text`, `date` or `data`.
    public var type: String
    /// The value as text: numbers in decimal (rounded to ``CSVCell/decimalPlaces``), dates in UTC ISO 8601,
    /// data in base64.
    public var value: String
    /// The unit (`h`, `deg`), or empty.
    public var unit: String
    /// When the outcome was recorded (UTC).
    public var recordedAt: String
    /// The consent record the value was collected under (empty when none was recorded).
    public var consentID: String = ""
    /// That record's document version.
    public var consentVersion: String = ""
    /// The newest staff correction of this value (``OutcomeCorrection``), empty when it was not corrected:
    /// `value` stays as the participant entered it.
    public var correctedValue: String = ""
    /// That correction's reason.
    public var correctionReason: String = ""

    /// The event's local date, `2026-03-29`.
    public var eventDate: String { String(eventStart.prefix(10)) }

    /// The CSV header.
    public static let csvHeader = [
        "participant", "task", "occurrence", "event_date", "kind", "value", "unit", "recorded_at", "consent_version",
        "corrected_value", "correction_reason",
    ]

    /// Streams the live outcome values the filter selects, one at a time, participant by participant and then
    /// by task and event, inside the caller's read transaction. The values are read as rows
    /// (``StoredOutcomeValues``), so memory stays flat and no JSON is decoded per row.
    public static func forEach(
        _ filter: ExportFilter, in db: StoreConnection, _ body: (OutcomeValueRow) throws -> Void
    ) throws {
        try StoredOutcomeValues.forEach(query(filter), in: db) { stored in
            guard let participant = stored.text(.participant), let outcomeID = stored.text(.outcomeID),
                let taskID = stored.text(.task), let occurrence = stored.integer(.occurrence),
                let eventStart = stored.text(.eventStart), let recordedAt = stored.text(.recordedAt),
                let type = stored.text(.valueType)
            else {
                throw ExportError.unreadableRecord(table: "care_outcome", id: stored.text(.outcomeID) ?? "?")
            }
            let prefix = participant + "."
            try body(
                OutcomeValueRow(
                    participantID: participant, outcomeID: outcomeID,
                    task: taskID.hasPrefix(prefix) ? String(taskID.dropFirst(prefix.count)) : taskID,
                    occurrence: Int(occurrence), eventStart: eventStart, kind: stored.text(.kind) ?? "", type: type,
                    value: text(of: stored.content, type: type), unit: stored.text(.unit) ?? "",
                    recordedAt: recordedAt, consentID: stored.text(.consentID) ?? "",
                    consentVersion: stored.text(.consentVersion) ?? "",
                    correctedValue: stored.integer(.correctedValue).map { String($0) } ?? "",
                    correctionReason: stored.text(.correctionReason) ?? ""))
        }
    }

    /// The scan of the values the filter selects.
    static func query(_ filter: ExportFilter) -> StoredOutcomeValues.Query {
        StoredOutcomeValues.Query(
            participantID: filter.participantID, from: filter.from, through: filter.to,
            excludesAfterWithdrawal: filter.consent.afterWithdrawal == .excluded)
    }

    /// The content as text; a real rounded to `places` (``ValuePrecision``), or as ``CSVCell/decimal(_:)`` when
    /// nil; a `date` (seconds since 2001-01-01) as ``StoredInstant`` writes it.
    static func text(of content: StoredOutcomeValues.Content, type: String, places: Int? = nil) -> String {
        if type == "boolean" { return content == .boolean(true) ? "true" : "false" }
        switch content {
        case .integer(let number):
            return type == "date"
                ? StoredInstant.text(of: Date(timeIntervalSinceReferenceDate: Double(number))) : String(number)
        case .real(let number):
            return type == "date"
                ? StoredInstant.text(of: Date(timeIntervalSinceReferenceDate: number))
                : places.map { CSVCell.decimal(number, places: $0) } ?? CSVCell.decimal(number)
        case .text(let text): return text
        case .boolean(let flag): return flag ? "true" : "false"
        case .null: return ""
        }
    }
}
