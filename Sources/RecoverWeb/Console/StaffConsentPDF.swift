import Foundation
import RecoverData
import Web

/// `GET /console/participants/:id/consent/:record/pdf`: a participant's signed consent as a PDF for staff,
/// recorded in the audit trail as a read of that record, as the printable copy is. Another participant's
/// record id answers 404 as an unknown one does.
enum StaffConsentPDF {
    static func download(_ request: Request, context: ConsoleContext) throws -> Response {
        let id = try request.parameter("id")
        let recordID = try request.parameter("record")
        guard let record = try context.records.consentRecord(id: recordID, participantID: id) else {
            throw HTTPError(.notFound)
        }
        let response = try ConsentPDFDownload.response(
            record, keyID: try context.records.consentKeyID(recordID: record.id))
        try context.recordRead(request, participantID: id, row: AuditedRow(table: "consent_record", key: record.id))
        return response
    }
}
