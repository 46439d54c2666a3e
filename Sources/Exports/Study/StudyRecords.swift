import Care
import CareSQLite
import Foundation
import HealthImport
import RecoverData
import SQLite

/// The participant records the JSON and FHIR exports walk through, read one row at a time inside the
/// caller's read transaction.
enum StudyRecords {
    /// Participant accounts (all, or the filter's one), oldest first.
    static func forEachParticipant(
        _ filter: ExportFilter, in db: StoreConnection, _ body: (Account) throws -> Void
    ) throws {
        let included: (Account) throws -> Bool = { account in
            try filter.consent.withoutCurrentConsent == .included || hasCurrentConsent(account.id, in: db)
        }
        if let participant = filter.participantID {
            // Looked up before the body runs its own queries: no query runs while another is iterated.
            if try isParticipant(participant, in: db), let account = try AccountStore.account(id: participant, in: db),
                try included(account)
            {
                try body(account)
            }
            return
        }
        var ids: [String] = []
        // Ids only (small even for many participants), so the nested queries below never share a statement
        // with the outer loop.
        try db.forEachRow("SELECT id FROM account WHERE role = 'participant' ORDER BY created_at, id") { row in
            ids.append(try row.string("id"))
        }
        for id in ids {
            if let account = try AccountStore.account(id: id, in: db), try included(account) { try body(account) }
        }
    }

    /// The ids of the participant accounts the filter selects (all, or its one, with its consent rule), oldest
    /// first: whose data an export holds.
    static func forEachParticipantID(_ filter: ExportFilter, in db: StoreConnection, _ body: (String) throws -> Void)
        throws
    {
        try forEachParticipant(filter, in: db) { account in try body(account.id) }
    }

    /// Whether the participant has signed the current version of every required consent document.
    static func hasCurrentConsent(_ participantID: String, in db: StoreConnection) throws -> Bool {
        let standings = try ConsentLibrary.standings(patientID: participantID, in: db)
        return !standings.contains { $0.current.isRequired && !$0.isCurrent }
    }

    /// Whether a value the participant recorded at `recordedAt` is left out as recorded after their withdrawal.
    static func isAfterWithdrawal(_ recordedAt: Date, of account: Account?, _ filter: ExportFilter) -> Bool {
        guard filter.consent.afterWithdrawal == .excluded, let withdrawnAt = account?.withdrawnAt else { return false }
        return recordedAt > withdrawnAt
    }

    /// The consent record each of the participant's survey results (and the outcome of the same id) was
    /// collected under, with its document version, by result id. Read whole before the record loops, which
    /// must not run a query while they iterate one.
    static func consents(ofParticipant participantID: String, in db: StoreConnection) throws -> [String: (
        id: String, version: String
    )] {
        var consents: [String: (id: String, version: String)] = [:]
        try db.forEachRow(
            """
            SELECT s.entity_id AS entity_id, s.consent_id AS consent_id, r.document_version AS version
            FROM consent_scope AS s JOIN consent_record AS r ON r.id = s.consent_id
            WHERE s.participant_id = ? AND s.entity_type = 'survey_result'
            """, [participantID]
        ) { row in
            consents[try row.string("entity_id")] = (try row.string("consent_id"), try row.string("version"))
        }
        return consents
    }

    /// Whether an account id is a participant.
    static func isParticipant(_ id: String, in db: StoreConnection) throws -> Bool {
        try db.queryOne("SELECT 1 AS found FROM account WHERE id = ? AND role = 'participant'", [id]) != nil
    }

    /// A participant's live outcomes in the filter's dates, with their values decoded.
    static func forEachOutcome(
        of participantID: String, _ filter: ExportFilter, in db: StoreConnection, _ body: (Outcome) throws -> Void
    ) throws {
        var sql = """
            SELECT o.* FROM care_outcome AS o JOIN care_task_version AS t ON t.version_id = o.task_version_id
            JOIN care_plan AS p ON p.id = t.care_plan_id WHERE p.patient_id = ? AND o.deleted_at IS NULL
            """
        var arguments: [any StoreValue] = [participantID]
        let dates = filter.dateCondition("o.event_start")
        if !dates.sql.isEmpty {
            sql += " AND " + dates.sql
            arguments += dates.arguments
        }
        try db.forEachRow(sql + " ORDER BY o.event_start, o.task_id", arguments) { row in
            let id = try row.string("id")
            let values: [OutcomeValue]
            do {
                values = try JSONDecoder().decode([OutcomeValue].self, from: Data(try row.string("values_json").utf8))
            } catch {
                throw ExportError.unreadableRecord(table: "care_outcome", id: id)
            }
            var outcome = Outcome(
                id: id, taskID: try row.string("task_id"), taskVersionID: try row.string("task_version_id"),
                occurrenceIndex: try row.int("occurrence"), values: values, createdDate: try row.date("created_at"))
            outcome.updatedDate = try row.date("updated_at")
            outcome.eventStart = LocalDateTime(try row.string("event_start"))
            try body(outcome)
        }
    }

    /// A participant's survey results whose event (or, without one, completion) falls in the filter's dates.
    static func forEachSurveyResult(
        of participantID: String, _ filter: ExportFilter, in db: StoreConnection,
        _ body: (SurveyResultRecord, String?) throws -> Void
    ) throws {
        var sql = """
            SELECT r.*, o.event_start AS event_start FROM survey_result AS r LEFT JOIN care_outcome AS o ON o.id = r.id
            WHERE r.patient_id = ?
            """
        var arguments: [any StoreValue] = [participantID]
        let completed =
            switch db.dialect {
            case .sqlite: "r.completed_at"
            case .postgres: #"to_char(r.completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')"#
            }
        let dates = filter.dateCondition("coalesce(o.event_start, \(completed))")
        if !dates.sql.isEmpty {
            sql += " AND " + dates.sql
            arguments += dates.arguments
        }
        try db.forEachRow(sql + " ORDER BY r.completed_at, r.id", arguments) { row in
            let record = SurveyResultRecord(
                id: try row.string("id"), patientID: try row.string("patient_id"), taskID: try row.string("task_id"),
                occurrence: try row.int("occurrence"), surveyID: try row.string("survey_id"),
                completedAt: try row.date("completed_at"), json: try row.data("json"))
            try body(record, try row["event_start"])
        }
    }

    /// A participant's consent records with the server's signature details, oldest first.
    static func forEachConsent(
        of participantID: String, in db: StoreConnection, _ body: (ConsentRecord, SignatureInfo?) throws -> Void
    ) throws {
        for record in try ConsentStore.records(patientID: participantID, in: db) {
            let row = try db.queryOne(
                "SELECT key_id, signature, signed_at FROM consent_signature WHERE consent_id = ?", [record.id])
            let info = try row.map {
                SignatureInfo(
                    keyID: try $0.string("key_id"), signature: try $0.data("signature"), at: try $0.date("signed_at"))
            }
            try body(record, info)
        }
    }

    /// A participant's stored Apple Health daily figures whose day falls in the filter's dates (for sleep, the
    /// wake-up date), by day then type, each with the import that set it.
    static func forEachHealthDay(
        of participantID: String, _ filter: ExportFilter, in db: StoreConnection,
        _ body: (HealthDailyRecord) throws -> Void
    ) throws {
        try HealthStore.forEachDailyRecord(
            participantID: participantID, from: filter.from.flatMap(healthDay), through: filter.to.flatMap(healthDay),
            in: db, body)
    }

    private static func healthDay(_ date: LocalDate) -> HealthDay? {
        HealthDay(year: date.year, month: date.month, day: date.day)
    }

    /// The server's signature of a consent record.
    struct SignatureInfo {
        let keyID: String
        let signature: Data
        let at: Date
    }

    /// The study task id of a care task id (`<participant>.checkin` → `checkin`).
    static func studyTask(_ taskID: String, participantID: String) -> String {
        taskID.hasPrefix(participantID + ".") ? String(taskID.dropFirst(participantID.count + 1)) : taskID
    }
}
