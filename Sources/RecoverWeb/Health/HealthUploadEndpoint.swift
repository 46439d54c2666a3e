import Foundation
import RecoverData
import Web

/// `POST /account/health/upload`: an Apple Health `export.zip` as the raw body (`Content-Type:
/// application/zip`, `X-CSRF-Token`), streamed to a temporary file up to the operator's limit
/// (``HealthServices/uploadLimit``), then queued for the background importer.
///
/// On the headers alone, before any byte of the body is read: the session, CSRF header and participant
/// rule, then another declared type (415), more than the limit by `Content-Length` (413; without one the
/// body limit stops the stream at the limit), and
/// an upload of theirs still waiting or importing (409). Once the body is there: fewer bytes than declared
/// or none (400), bytes that do not start like a zip (415). Accepted: the file waits in `health/waiting/`
/// under the upload's id, the upload is recorded as queued, the importer is woken and the answer is
/// `202 {"status": "/account/health/status", "upload": "<id>"}`.
enum HealthUploadEndpoint {
    /// The types a browser may declare for a zip (Safari on iOS, Chrome, Windows' own name for it).
    static let zipTypes: Set<String> = ["application/zip", "application/x-zip-compressed", "application/octet-stream"]

    static func admit(_ request: Request, health: HealthServices) throws {
        let account = try ParticipantContext.participantAccount(request)
        let declared = (request.headers["content-type"] ?? "").split(separator: ";").first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        guard let declared, zipTypes.contains(declared) else {
            throw HTTPError(HTTPStatus(415), "health.error.type")
        }
        // Browsers send the file's length; without one the body limit still stops the stream at the limit.
        if let length = request.headers["content-length"] {
            guard let bytes = BoundedInteger.parse(length, in: 0...Int.max), bytes <= health.uploadLimit else {
                throw HTTPError(HTTPStatus(413), "health.upload.overLimit")
            }
        }
        if try health.study.records.healthUploads(participantID: account.id).contains(where: \.isPending) {
            throw HTTPError(.conflict, "health.error.pending")
        }
    }

    static func receive(_ request: Request, health: HealthServices) throws -> Response {
        try admit(request, health: health)
        let account = try ParticipantContext.participantAccount(request)
        guard let upload = request.upload else { throw HTTPError(.internalServerError) }
        if let length = request.headers["content-length"], Int(length) != upload.byteCount {
            throw HTTPError(.badRequest, "health.upload.failed")
        }
        guard upload.byteCount > 0 else { throw HTTPError(.badRequest, "health.upload.noFile") }
        guard isZip(head: VideoUpload.head(of: upload.file)) else {
            throw HTTPError(HTTPStatus(415), "health.upload.notAZip")
        }
        let id = UUID().uuidString.lowercased()
        let file = health.waitingFile(id)
        try FileManager.default.moveItem(at: upload.file, to: file)
        do {
            try health.study.records.queueHealthUpload(
                id: id, participantID: account.id, byteCount: upload.byteCount, at: health.study.now())
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw error
        }
        health.importer.wake()
        return try .json(Accepted(status: "/account/health/status", upload: id), status: HTTPStatus(202))
    }

    struct Accepted: Encodable {
        let status: String
        let upload: String
    }

    /// Whether a file starts like a zip: a local file header, or the end record of an empty archive.
    static func isZip(head: [UInt8]) -> Bool {
        head.count >= 4 && head[0] == 0x50 && head[1] == 0x4B
            && ((head[2] == 3 && head[3] == 4) || (head[2] == 5 && head[3] == 6))
    }
}
