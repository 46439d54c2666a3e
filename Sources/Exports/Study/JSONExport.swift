import Care
import ExportFormats
import Foundation
import HealthImport
import RecoverData

/// The JSON export: every participant's outcomes, survey results (the stored result documents, as they
/// are), consent records and Apple Health daily figures, one participant at a time (docs/exports.md).
public enum JSONExport {
    /// Writes the participants the filter selects to `output`, streaming; returns how many were written.
    @discardableResult
    public static func write(
        from database: StudyStorage, filter: ExportFilter, pseudonyms: Pseudonyms, to output: ExportWriter,
        at now: Date = Date(), checkpoint: AuditCheckpoint? = nil, progress: (Int) -> Void = { _ in }
    ) throws -> Int {
        let header: JSONNode = .object([
            ("format", .string("recover.export")), ("version", .integer(1)),
            ("exportedAt", .string(StoredInstant.text(of: now))),
            ("auditCheckpoint", checkpoint.map { .raw($0.json) } ?? .null),
            (
                "filter",
                .object([
                    ("participant", .optional(filter.participantID.map(pseudonyms.id(for:)))),
                    ("from", .optional(filter.from?.description)), ("to", .optional(filter.to?.description)),
                    ("afterWithdrawal", .string(filter.consent.afterWithdrawal.rawValue)),
                    ("withoutCurrentConsent", .string(filter.consent.withoutCurrentConsent.rawValue)),
                ])
            ),
        ])
        var opening = header.bytes
        opening.removeLast()  // reopen the object to add the streamed participants
        try output.write(opening + Array(",\"participants\":[".utf8))
        var count = 0
        try database.read { db in
            try StudyRecords.forEachParticipant(filter, in: db) { account in
                if count > 0 { try output.write(",") }
                try writeParticipant(account, filter: filter, pseudonyms: pseudonyms, to: output, in: db)
                count += 1
                if count % 100 == 0 { progress(count) }
            }
        }
        try output.write("]}\n")
        return count
    }

    private static func writeParticipant(
        _ account: Account, filter: ExportFilter, pseudonyms: Pseudonyms, to output: ExportWriter,
        in db: StoreConnection
    ) throws {
        let id = account.id
        let opening: JSONNode = .object([
            ("id", .string(pseudonyms.id(for: id))), ("timeZone", .optional(account.timeZone)),
            ("language", .optional(account.language)),
            ("joinedAt", .string(StoredInstant.text(of: account.createdAt))),
            ("withdrawnAt", .optional(account.withdrawnAt.map(StoredInstant.text(of:)))),
        ])
        var bytes = opening.bytes
        bytes.removeLast()
        let consents = try ConsentScope.surveyResultConsents(participantID: id, in: db)
        let corrections = Dictionary(
            grouping: try OutcomeCorrections.corrections(participantID: id, in: db), by: \.outcomeID)
        try output.write(bytes + Array(",\"outcomes\":[".utf8))
        var first = true
        try ParticipantCareRecords.forEachOutcome(
            patientID: id, from: filter.from, through: filter.to, in: db
        ) { outcome in
            if StudyRecords.isAfterWithdrawal(outcome.createdDate, of: account, filter) { return }
            let consent = consents[outcome.id]
            try output.write(
                (first ? [] : [UInt8(ascii: ",")])
                    + node(outcome, participantID: id, consent: consent, corrections: corrections[outcome.id] ?? [])
                    .bytes)
            first = false
        }
        try output.write("],\"surveyResults\":[")
        first = true
        try SurveyDataStore.forEachResult(patientID: id, from: filter.from, through: filter.to, in: db) { result in
            if StudyRecords.isAfterWithdrawal(result.completedAt, of: account, filter) { return }
            let consent = consents[result.id]
            let item: JSONNode = .object([
                ("id", .string(result.id)), ("task", .string(StudyRecords.studyTask(result.taskID, participantID: id))),
                ("occurrence", .integer(result.occurrence)), ("surveyID", .string(result.surveyID)),
                ("completedAt", .string(StoredInstant.text(of: result.completedAt))),
                ("consentRecord", .optional(consent?.consentID)),
                ("consentVersion", .optional(consent?.documentVersion)),
                ("result", .raw(result.json)),
            ])
            try output.write((first ? [] : [UInt8(ascii: ",")]) + item.bytes)
            first = false
        }
        try output.write("],\"consents\":[")
        first = true
        try StudyRecords.forEachConsent(of: id, in: db) { record, signature in
            let item: JSONNode = .object([
                ("id", .string(record.id)), ("documentVersion", .string(record.documentVersion)),
                ("language", .string(record.language)), ("documentSHA256", .string(record.documentSHA256)),
                ("printedName", .string(record.printedName)),
                ("signedAt", .string(StoredInstant.text(of: record.signedAt))),
                ("utcOffset", .string(record.utcOffset)), ("timeZone", .string(record.timeZoneIdentifier)),
                ("signatureMeaning", .string(record.signatureMeaning)), ("bindingHash", .string(record.bindingHash)),
                ("signaturePNG", .string(record.signaturePNG.base64EncodedString())),
                ("serverKeyID", .optional(signature?.keyID)),
                ("serverSignature", .optional(signature?.signature.base64EncodedString())),
            ])
            try output.write((first ? [] : [UInt8(ascii: ",")]) + item.bytes)
            first = false
        }
        try output.write("],\"healthDays\":[")
        first = true
        try StudyRecords.forEachHealthDay(of: id, filter, in: db) { record in
            try output.write((first ? [] : [UInt8(ascii: ",")]) + node(record).bytes)
            first = false
        }
        try output.write("]}")
    }

    /// A stored Apple Health daily figure: a `total`, or `minimum` / `mean` / `maximum` / `readingCount`, in
    /// the type's unit (seconds asleep for sleep), with the import that set it.
    static func node(_ record: HealthDailyRecord) -> JSONNode {
        let figure = record.figure
        var members: [(String, JSONNode)] = [
            ("day", .string(figure.day.description)), ("type", .string(figure.type.rawValue)),
            ("unit", .string(figure.type.unit)),
        ]
        if let total = figure.total { members.append(("total", .number(total))) }
        if let minimum = figure.minimum { members.append(("minimum", .number(minimum))) }
        if let mean = figure.mean { members.append(("mean", .number(mean))) }
        if let maximum = figure.maximum { members.append(("maximum", .number(maximum))) }
        if let count = figure.count { members.append(("readingCount", .integer(count))) }
        members.append(("importID", .string(record.importID)))
        members.append(("importedAt", .optional(record.importedAt.map(StoredInstant.text(of:)))))
        return .object(members)
    }

    /// An outcome as the participant entered it (`values`), with the staff corrections of its values, oldest
    /// first (the newest of a kind is the value in force).
    private static func node(
        _ outcome: Outcome, participantID: String, consent: ConsentScope.CollectedUnder?,
        corrections: [OutcomeCorrection]
    ) -> JSONNode {
        .object([
            ("id", .string(outcome.id)),
            ("task", .string(StudyRecords.studyTask(outcome.taskID, participantID: participantID))),
            ("occurrence", .integer(outcome.occurrenceIndex)),
            ("eventStart", .optional(outcome.eventStart?.description)),
            ("recordedAt", .string(StoredInstant.text(of: outcome.createdDate))),
            ("updatedAt", .string(StoredInstant.text(of: outcome.updatedDate))),
            ("consentRecord", .optional(consent?.consentID)), ("consentVersion", .optional(consent?.documentVersion)),
            ("values", .array(outcome.values.map(node))),
            ("corrections", .array(corrections.map(node))),
        ])
    }

    static func node(_ correction: OutcomeCorrection) -> JSONNode {
        .object([
            ("id", .string(correction.id)), ("kind", .string(correction.kind)),
            ("oldValue", .integer(correction.oldValue)), ("newValue", .integer(correction.newValue)),
            ("reason", .string(correction.reason)), ("staffAccount", .string(correction.staffID)),
            ("correctedAt", .string(StoredInstant.text(of: correction.correctedAt))),
        ])
    }

    static func node(_ value: OutcomeValue) -> JSONNode {
        let (type, content): (String, JSONNode) =
            switch value.content {
            case .integer(let number): ("integer", .integer(number))
            case .double(let number): ("double", .number(number))
            case .boolean(let flag): ("boolean", .boolean(flag))
            case .text(let text): ("text", .string(text))
            case .date(let date): ("date", .string(StoredInstant.text(of: date)))
            case .data(let data): ("data", .string(data.base64EncodedString()))
            }
        return .object([
            ("kind", .optional(value.kind)), ("type", .string(type)), ("value", content),
            ("unit", .optional(value.unit)),
        ])
    }
}
