import CareSQLite
import Foundation
import RecoverData
import SQLite

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
    /// (``OutcomeValueTable``), so memory stays flat and no JSON is decoded per row.
    public static func forEach(
        _ filter: ExportFilter, in db: StoreConnection, _ body: (OutcomeValueRow) throws -> Void
    ) throws {
        let (sql, arguments) = query(filter)
        try db.forEachRow(sql, arguments) { row in
            // By position (the SELECT fixes the order): no name lookups on the hot path of large exports.
            var values = row.positionalValues
            if values.count == 15, case .text("number") = values[14], case .text(let number) = values[13] {
                values[13] = Self.number(number)
            }
            guard values.count == 15, case .text(let participant) = values[0], case .text(let outcomeID) = values[1],
                case .text(let taskID) = values[2], case .integer(let occurrence) = values[3],
                case .text(let eventStart) = values[4], case .text(let recordedAt) = values[5],
                case .text(let type) = values[12], case .text(let jsonType) = values[14]
            else {
                throw ExportError.unreadableRecord(table: "care_outcome", id: (try? row.string("outcome_id")) ?? "?")
            }
            let prefix = participant + "."
            try body(
                OutcomeValueRow(
                    participantID: participant, outcomeID: outcomeID,
                    task: taskID.hasPrefix(prefix) ? String(taskID.dropFirst(prefix.count)) : taskID,
                    occurrence: Int(occurrence), eventStart: eventStart, kind: Self.optionalText(values[10]),
                    type: type,
                    value: text(of: values[13], type: type, jsonType: jsonType), unit: Self.optionalText(values[11]),
                    recordedAt: recordedAt, consentID: Self.optionalText(values[6]),
                    consentVersion: Self.optionalText(values[7]), correctedValue: Self.integerText(values[8]),
                    correctionReason: Self.optionalText(values[9])))
        }
    }

    /// Positions of ``query(_:)``'s columns.
    enum Column {
        static let participant = 0, outcomeID = 1, task = 2, occurrence = 3, eventStart = 4, recordedAt = 5
        static let consentVersion = 7, correctedValue = 8, correctionReason = 9, kind = 10, unit = 11
        static let valueType = 12, value = 13, jsonType = 14
    }

    /// The statement of the live outcome values the filter selects, one row per value, participant by
    /// participant, then by care task, event, outcome and the value's position (columns at ``Column``'s
    /// positions), and its arguments. The values come from `outcome_value` (``OutcomeValueTable``), kept in that
    /// order by the outcomes' writes, so the statement is one range scan with no JSON unpacked.
    static func query(_ filter: ExportFilter) -> (sql: String, arguments: [any StoreValue]) {
        var conditions: [String] = []
        var arguments: [any StoreValue] = []
        if let participant = filter.participantID {
            conditions.append("r.participant_id = ?")
            arguments.append(participant)
        }
        let dates = filter.dateCondition("r.event_start")
        if !dates.sql.isEmpty {
            conditions.append(dates.sql)
            arguments += dates.arguments
        }
        if filter.consent.afterWithdrawal == .excluded {
            conditions.append(
                """
                NOT EXISTS (SELECT 1 FROM account AS a WHERE a.id = r.participant_id AND a.withdrawn_at IS NOT NULL
                AND a.withdrawn_at < r.created_at)
                """)
        }
        let sql = """
            SELECT r.participant_id AS patient_id, r.outcome_id AS outcome_id, r.task_id AS task_id,
            r.occurrence AS occurrence, r.event_start AS event_start, r.created_at AS created_at,
            cs.consent_id AS consent_id, cr.document_version AS consent_version,
            r.corrected_value AS corrected_value, r.correction_reason AS correction_reason,
            r.kind AS kind, r.unit AS unit, r.value_type AS value_type, r.value AS value, r.json_type AS json_type
            FROM outcome_value AS r
            LEFT JOIN consent_scope AS cs ON cs.id = 'survey_result:' || r.outcome_id
            LEFT JOIN consent_record AS cr ON cr.id = cs.consent_id
            \(conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND "))
            ORDER BY r.participant_id, r.task_id, r.event_start, r.outcome_id, r.position
            """
        return (sql, arguments)
    }

    /// A JSON number's text as SQLite's `json_each` reads it: an integer when written without a fraction or
    /// exponent, otherwise a real.
    static func number(_ text: String) -> DatabaseValue {
        if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let integer = Int64(text) {
            return .integer(integer)
        }
        return Double(text).map(DatabaseValue.real) ?? .text(text)
    }

    private static func integerText(_ value: DatabaseValue) -> String {
        if case .integer(let number) = value { return String(number) }
        return ""
    }

    private static func optionalText(_ value: DatabaseValue) -> String {
        if case .text(let text) = value { return text }
        return ""
    }

    /// The value as text; a real rounded to `places` (``ValuePrecision``), or as ``CSVCell/decimal(_:)`` when nil.
    static func text(of value: DatabaseValue, type: String, jsonType: String, places: Int? = nil) -> String {
        if type == "boolean" { return jsonType == "true" ? "true" : "false" }
        switch value {
        case .integer(let number):
            return type == "date"
                ? DatabaseDate.string(from: Date(timeIntervalSinceReferenceDate: Double(number))) : String(number)
        case .real(let number):
            return type == "date"
                ? DatabaseDate.string(from: Date(timeIntervalSinceReferenceDate: number))
                : places.map { CSVCell.decimal(number, places: $0) } ?? CSVCell.decimal(number)
        case .text(let text): return text
        case .null, .blob: return ""
        }
    }
}
