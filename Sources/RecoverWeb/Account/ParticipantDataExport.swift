import Care
import ExportFormats
import Exports
import Foundation
import RecoverData
import Research

/// "Download my data": a participant's outcomes (and, in JSON, their survey results and Apple Health daily
/// figures) in the formats of docs/participant-data.md.
///
/// CSV has one row per outcome value: `task,occurrence,event_date,kind,value,unit,recorded_at`.
struct ParticipantDataExport {
    /// One outcome value as a CSV row and a JSON object.
    struct ValueRow: Encodable, Hashable {
        var task: String
        var taskVersion: String
        var occurrence: Int
        var eventDate: String
        var eventStart: String
        var kind: String
        /// The value as CSV writes it.
        var value: String
        /// The typed value in the outcome JSON form (`{"integer": 4}`), for the JSON export.
        var content: OutcomeValue.Content
        var unit: String
        var recordedAt: String
    }

    /// The participant the export belongs to.
    struct Participant: Encodable {
        var id: String
        var email: String
        var timeZone: String
        var language: String?
        var createdAt: String
        var withdrawnAt: String?
    }

    /// One completed survey with its full result tree.
    struct SurveyResultEntry: Encodable {
        var id: String
        var task: String
        var occurrence: Int
        var survey: String
        var completedAt: String
        var result: JSONValue
    }

    /// One stored Apple Health daily figure: a `total`, or `minimum` / `mean` / `maximum` / `readingCount`
    /// (absent members are left out), in `unit`, with the import that set it.
    struct HealthDayEntry: Encodable, Hashable {
        var day: String
        var type: String
        var unit: String
        var total: Double?
        var minimum: Double?
        var mean: Double?
        var maximum: Double?
        var readingCount: Int?
        var importID: String
        var importedAt: String?

        init(_ record: HealthDailyRecord) {
            let figure = record.figure
            day = figure.day.description
            type = figure.type.rawValue
            unit = figure.type.unit
            total = figure.total
            minimum = figure.minimum
            mean = figure.mean
            maximum = figure.maximum
            readingCount = figure.count
            importID = record.importID
            importedAt = record.importedAt.map(ParticipantDataExport.instant)
        }
    }

    /// The JSON document.
    struct Document: Encodable {
        var format = "recover-participant-data"
        var formatVersion = 1
        var exportedAt: String
        var participant: Participant
        var outcomeValues: [ValueRow]
        var surveyResults: [SurveyResultEntry]
        var healthDays: [HealthDayEntry]
        /// The newest signed audit checkpoint (docs/audit.md, "Checkpoints"), or nil before the first.
        var auditCheckpoint: AuditCheckpoint?
    }

    static let csvHeader = ["task", "occurrence", "event_date", "kind", "value", "unit", "recorded_at"]

    let account: Account
    let outcomes: [Outcome]
    let surveyResults: [SurveyResultRecord]
    let exportedAt: Date
    /// The participant's stored Health daily figures, by day then type (JSON only: the CSV is one table of
    /// outcome values).
    var healthDays: [HealthDailyRecord] = []
    /// The checkpoint the JSON download carries.
    var auditCheckpoint: AuditCheckpoint?
    /// The decimal places of each kind's numbers in the CSV, as the console's CSV writes them (docs/exports.md).
    var precision = ValuePrecision(studies: [])

    /// One row per value of every live outcome, in event order.
    var rows: [ValueRow] {
        outcomes.filter(\.isLive).flatMap { outcome in
            outcome.values.map { value in
                ValueRow(
                    task: outcome.taskID, taskVersion: outcome.taskVersionID, occurrence: outcome.occurrenceIndex,
                    eventDate: outcome.eventStart?.date.description ?? "",
                    eventStart: outcome.eventStart?.description ?? "",
                    kind: value.kind ?? "",
                    value: Self.text(value.content, places: precision.places(for: value.kind ?? "")),
                    content: value.content,
                    unit: value.unit ?? "",
                    recordedAt: Self.instant(outcome.createdDate))
            }
        }
    }

    /// The CSV file (RFC 4180, CRLF line ends), starting with a UTF-8 byte order mark.
    var csv: String {
        let lines =
            [Self.csvHeader]
            + rows.map { row in
                [row.task, String(row.occurrence), row.eventDate, row.kind, row.value, row.unit, row.recordedAt]
            }
        return CSVCell.byteOrderMark + lines.map(CSVCell.line).joined()
    }

    /// The JSON document; a survey result whose stored JSON cannot be read is exported as `null`.
    var document: Document {
        Document(
            exportedAt: Self.instant(exportedAt),
            participant: Participant(
                id: account.id, email: account.email, timeZone: account.zoneIdentifier, language: account.language,
                createdAt: Self.instant(account.createdAt), withdrawnAt: account.withdrawnAt.map(Self.instant)),
            outcomeValues: rows,
            surveyResults: surveyResults.map { record in
                SurveyResultEntry(
                    id: record.id, task: record.taskID, occurrence: record.occurrence, survey: record.surveyID,
                    completedAt: Self.instant(record.completedAt),
                    result: (try? JSONDecoder().decode(JSONValue.self, from: record.json)) ?? .null)
            },
            healthDays: healthDays.map(HealthDayEntry.init), auditCheckpoint: auditCheckpoint)
    }

    /// A value as the CSV writes it; a real rounded to `places` when its item defines them.
    static func text(_ content: OutcomeValue.Content, places: Int? = nil) -> String {
        switch content {
        case .integer(let value): String(value)
        case .double(let value): places.map { CSVCell.decimal(value, places: $0) } ?? CSVCell.decimal(value)
        case .boolean(let value): value ? "true" : "false"
        case .text(let value): value
        case .date(let value): instant(value)
        case .data(let value): value.base64EncodedString()
        }
    }

    static func instant(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
