import Foundation
import RecoverData
import Web

/// `GET /account/consent/receipt.json`: the receipt of the participant's latest signed consent, a JSON file
/// they keep and can check offline at `/verify-receipt` or with `recover consent verify --receipt`.
enum ConsentReceiptDownload {
    static func download(_ request: Request, study: StudyServices) throws -> Response {
        let record = try ConsentCopyPage.latestRecord(request, study: study)
        guard let receipt = try study.records.consentReceipt(recordID: record.id, participantID: record.patientID)
        else { throw HTTPError(.notFound, "consent.receipt.none") }
        return Response(
            headers: [
                "Content-Type": "application/json; charset=utf-8",
                "Content-Disposition": "attachment; filename=\"consent-receipt.json\"",
                "Cache-Control": "no-store",
            ],
            body: [UInt8](receipt))
    }
}
