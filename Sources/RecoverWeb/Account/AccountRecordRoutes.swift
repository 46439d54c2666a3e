import Exports
import Foundation
import RecoverData
import Web

/// The account page's study routes: time zone, data downloads and withdrawal. Every route serves only the
/// signed-in account's own records.
///
/// ```swift
/// let app = try WebApp(services: services, configure: { router, services in
///     AccountRecordRoutes.add(to: &router, services: services, study: study)
/// })
/// ```
public enum AccountRecordRoutes {
    /// Adds `GET`/`POST /account/time-zone`, `GET`/`POST /account/surgery`, `GET /account/consent` (and its `/document` and `/receipt.json`), its PDF
    /// (`GET /account/consent.pdf`, `GET /account/consent/:record/pdf`), the access log (`GET /account/access`),
    /// `GET /account/data.json`,
    /// `GET /account/data.csv`,
    /// `GET`/`POST /account/withdraw`.
    public static func add(to router: inout Router, services: WebServices, study: StudyServices) {
        router.group(.account) { account in
            account.get("/time-zone") { request in try TimeZoneSection.show(request) }
            account.post("/time-zone") { request in try TimeZoneSection.save(request, study: study) }
            account.get("/surgery") { request in try SurgerySection.show(request, study: study) }
            account.post("/surgery") { request in try SurgerySection.save(request, study: study) }
            account.get("/data.json") { request in
                try download(request, services: services, study: study, format: .json)
            }
            account.get("/data.csv") { request in
                try download(request, services: services, study: study, format: .csv)
            }
            account.get("/consent") { request in try ConsentCopyPage.show(request, study: study) }
            account.get("/consent/document") { request in try ConsentCopyPage.document(request, study: study) }
            account.get("/consent/receipt.json") { request in
                try ConsentReceiptDownload.download(request, study: study)
            }
            account.get("/access") { request in try AccessLogPage.show(request, study: study) }
            account.get("/consent.pdf") { request in try ConsentPDFDownload.latest(request, study: study) }
            account.get("/consent/:record/pdf") { request in try ConsentPDFDownload.record(request, study: study) }
            account.get("/withdraw") { request in try WithdrawalPage.show(request) }
            account.post("/withdraw") { request in
                try WithdrawalPage.submit(request, services: services, study: study)
            }
        }
    }

    enum DownloadFormat {
        case json, csv
    }

    static func download(
        _ request: Request, services: WebServices, study: StudyServices, format: DownloadFormat
    ) throws -> Response {
        guard let account = request.account else { throw HTTPError(.unauthorized) }
        let export = ParticipantDataExport(
            account: account, outcomes: try study.records.outcomes(patientID: account.id),
            surveyResults: format == .json ? try study.records.surveyResults(patientID: account.id) : [],
            exportedAt: study.now(),
            healthDays: format == .json ? try study.records.healthDailyRecords(participantID: account.id) : [],
            auditCheckpoint: format == .json ? try study.records.latestAuditCheckpoint() : nil,
            precision: ValuePrecision(studies: format == .csv ? try study.records.studyDefinitions() : []))
        var response: Response
        switch format {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .iso8601
            response = Response(
                headers: ["Content-Type": "application/json; charset=utf-8"],
                body: Array(try encoder.encode(export.document)))
        case .csv:
            response = Response(headers: ["Content-Type": "text/csv; charset=utf-8"], body: Array(export.csv.utf8))
        }
        let name = format == .json ? "recover-data.json" : "recover-data.csv"
        response.headers["Content-Disposition"] = "attachment; filename=\"\(name)\""
        response.headers["Cache-Control"] = "no-store"
        return response
    }
}
