import Foundation
import Printing
import RecoverData
import Web

/// `GET /account/consent.pdf` (the newest record) and `GET /account/consent/:record/pdf`: the signed consent
/// as a PDF to keep (``ConsentPDF``), only ever the signed-in participant's own; another participant's record
/// id answers 404 as an unknown one does.
enum ConsentPDFDownload {
    static func latest(_ request: Request, study: StudyServices) throws -> Response {
        let record = try ConsentCopyPage.latestRecord(request, study: study)
        return try response(record, keyID: try study.records.consentKeyID(recordID: record.id))
    }

    static func record(_ request: Request, study: StudyServices) throws -> Response {
        guard let account = request.account else { throw HTTPError(.unauthorized) }
        let id = try request.parameter("record")
        guard let record = try study.records.consentRecords(patientID: account.id).first(where: { $0.id == id })
        else { throw HTTPError(.notFound) }
        return try response(record, keyID: try study.records.consentKeyID(recordID: record.id))
    }

    /// The PDF as a download named by the day of signing only, never cached.
    static func response(_ record: ConsentRecord, keyID: String?) throws -> Response {
        let pdf = try ConsentPDF.render(record, keyID: keyID)
        return Response(
            headers: [
                "Content-Type": "application/pdf",
                "Content-Disposition": "attachment; filename=\"\(ConsentPDF.filename(for: record))\"",
                "Cache-Control": "no-store",
                "X-Content-Type-Options": "nosniff",
            ],
            body: [UInt8](pdf))
    }
}
