import Care
import ExportFormats
import Foundation
import HealthImport
import Recover
import RecoverData

/// The FHIR R4 export: one `Bundle` of type `collection` with a Questionnaire per survey revision of the study, and
/// per participant a pseudonymous Patient, a CarePlan of their care tasks, an Observation per outcome value and per
/// stored Apple Health daily figure, a QuestionnaireResponse per survey result (pointing at its Questionnaire's
/// canonical), and a Consent with its Provenance per consent record. Written entry by entry (docs/exports.md).
public enum FHIRExport {
    /// Writes the bundle to `output`, streaming; returns the number of entries.
    @discardableResult
    public static func write(
        from database: StudyStorage, filter: ExportFilter, pseudonyms: Pseudonyms, to output: ExportWriter,
        at now: Date = Date(), checkpoint: AuditCheckpoint? = nil, progress: (Int) -> Void = { _ in }
    ) throws -> Int {
        let bundleID = FHIRReference.id("Bundle", "\(StoredInstant.text(of: now))/\(UUID().uuidString)")
        let scope = filter.consent
        var meta: [(String, JSONNode)] = [
            (
                "tag",
                .array([
                    FHIRCodes.coding(
                        FHIRCodes.exportScope, "after-withdrawal-\(scope.afterWithdrawal.rawValue)",
                        "Data after withdrawal \(scope.afterWithdrawal.rawValue)"),
                    FHIRCodes.coding(
                        FHIRCodes.exportScope, "without-current-consent-\(scope.withoutCurrentConsent.rawValue)",
                        "Participants without the current consent version \(scope.withoutCurrentConsent.rawValue)"),
                ])
            )
        ]
        // The signed audit checkpoint made with the export, as the JSON text of docs/audit.md.
        if let checkpoint {
            meta.append(
                (
                    "extension",
                    .array([
                        .object([
                            ("url", .string(FHIRCodes.auditCheckpoint)), ("valueString", .string(checkpoint.jsonText)),
                        ])
                    ])
                ))
        }
        try output.write(
            "{\"resourceType\":\"Bundle\",\"id\":\"\(bundleID)\",\"meta\":"
                + String(decoding: JSONNode.object(meta).bytes, as: UTF8.self)
                + ",\"type\":\"collection\",\"timestamp\":\"\(StoredInstant.text(of: now))\",\"entry\":[")
        var count = 0
        func add(_ resource: JSONNode, _ id: String) throws {
            let entry: JSONNode = .object([("fullUrl", .string(FHIRReference.url(id))), ("resource", resource)])
            try output.write((count == 0 ? [] : [UInt8(ascii: ",")]) + entry.bytes)
            count += 1
            if count % 100_000 == 0 { progress(count) }
        }
        try database.read { db in
            let history = try StudyVersionHistory.definitions(in: db)
            let questionnaires = FHIRStudyQuestionnaires(history)
            for revision in questionnaires.revisions {
                try add(FHIRStudyQuestionnaires.resource(revision), FHIRStudyQuestionnaires.id(revision))
            }
            let study = history.last?.study
            try StudyRecords.forEachParticipant(filter, in: db) { account in
                let pseudonym = pseudonyms.id(for: account.id)
                let patientID = FHIRReference.id("Patient", pseudonym)
                try add(patient(pseudonym, id: patientID, active: !account.isWithdrawn), patientID)
                if let plan = try FHIRCarePlan.resource(
                    participantID: account.id, patientID: patientID, isActive: !account.isWithdrawn, study: study,
                    questionnaires: questionnaires, in: db)
                {
                    try add(plan, FHIRCarePlan.id(patientID: patientID))
                }
                let consents = try ConsentScope.surveyResultConsents(participantID: account.id, in: db)
                let active = account.isWithdrawn ? [] : Set(try newestConsents(of: account.id, in: db))
                try StudyRecords.forEachConsent(of: account.id, in: db) { record, server in
                    try add(
                        FHIRConsent.consent(record, patientID: patientID, isActive: active.contains(record.id)),
                        FHIRReference.id("Consent", record.id))
                    try add(
                        FHIRConsent.provenance(record, server: server, patientID: patientID),
                        FHIRReference.id("Provenance", record.id))
                }
                if let withdrawnAt = account.withdrawnAt {
                    let ended = try newestConsents(of: account.id, in: db)
                    let resource = FHIRConsent.withdrawal(
                        consentRecordIDs: ended, withdrawnAt: withdrawnAt,
                        patientID: patientID)
                    try add(resource, FHIRReference.id("Provenance", "withdrawal/\(patientID)"))
                }
                try SurveyDataStore.forEachResult(
                    patientID: account.id, from: filter.from, through: filter.to, in: db
                ) { record in
                    if StudyRecords.isAfterWithdrawal(record.completedAt, of: account, filter) { return }
                    let consent = consents[record.id]
                    // The revision in force on the participant's own day of completion, as the study applies it.
                    let day = LocalDateTime(
                        instant: record.completedAt, in: TimeZone(identifier: account.zoneIdentifier) ?? .gmt
                    ).date
                    let questionnaire = questionnaires.canonical(surveyID: record.surveyID, on: day.description)
                    try add(
                        try FHIRQuestionnaireResponse.resource(
                            record, questionnaire: questionnaire, patientID: patientID, consentID: consent?.consentID),
                        FHIRReference.id("QuestionnaireResponse", record.id))
                }
                var lastOutcome = ""
                var index = 0
                var participantFilter = filter
                participantFilter.participantID = account.id
                try OutcomeValueRow.forEach(participantFilter, in: db) { row in
                    index = row.outcomeID == lastOutcome ? index + 1 : 0
                    lastOutcome = row.outcomeID
                    let resource = FHIRObservation.resource(row, index: index, patientID: patientID)
                    try add(resource, FHIRReference.id("Observation", "\(row.outcomeID)#\(index)"))
                }
                let zone = TimeZone(identifier: account.zoneIdentifier) ?? .gmt
                try StudyRecords.forEachHealthDay(of: account.id, filter, in: db) { record in
                    let resource = FHIRHealthObservation.resource(
                        record, participantID: account.id, patientID: patientID, zone: zone)
                    let figure = record.figure
                    try add(
                        resource,
                        FHIRHealthObservation.id(patientID: patientID, day: figure.day, type: figure.type))
                }
            }
        }
        try output.write("]}\n")
        return count
    }

    /// The ids of the participant's newest record of each consent document.
    static func newestConsents(of participantID: String, in db: StoreConnection) throws -> [String] {
        try ConsentLibrary.standings(patientID: participantID, in: db).compactMap(\.recordID)
    }

    private static func patient(_ pseudonym: String, id: String, active: Bool) -> JSONNode {
        .object([
            ("resourceType", .string("Patient")), ("id", .string(id)),
            (
                "identifier",
                .array([.object([("system", .string(FHIRCodes.pseudonym)), ("value", .string(pseudonym))])])
            ),
            ("active", .boolean(active)),
        ])
    }
}
