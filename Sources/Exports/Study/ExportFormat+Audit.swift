import Foundation
import RecoverData

extension ExportFormat {
    /// The audit trail's entity type of an export: its entity id is the format (`csv`, `json`, `fhir`).
    public static let auditEntityType = "study_export"

    /// Records in the audit trail, in one transaction, that `actor` exports in this format what `filter`
    /// selects: a `read` of `study_export` / format for each participant whose data it holds (so it appears
    /// on their access log), and for a whole-study export one more without a participant (the study's).
    /// The console's download (`account:<staff id>`) and `recover export` (`cli:export:<user>`) both call it
    /// before writing.
    public func recordExport(filter: ExportFilter, by actor: String, at instant: Date, in database: StudyStorage)
        throws
    {
        let row = AuditedRow(table: Self.auditEntityType, key: rawValue)
        try database.write { db in
            var participants: [String] = []
            try StudyRecords.forEachParticipantID(filter, in: db) { participants.append($0) }
            for participant in participants {
                try AuditTrail.recordRead(actor: actor, of: row, participantID: participant, at: instant, in: db)
            }
            if filter.participantID == nil {
                try AuditTrail.recordRead(actor: actor, of: row, participantID: nil, at: instant, in: db)
            }
        }
    }
}
