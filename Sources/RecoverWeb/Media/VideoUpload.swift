import Foundation
import Recover
import Research
import Web

/// `POST /survey/:task/:occurrence/upload`: the recording of a front-camera step, as the raw body with
/// its `Content-Type` (`video/webm` or `video/mp4`), the `X-CSRF-Token` header, and
/// `X-Recording-Retries` / `X-Recording-Duration` headers. The body arrives already streamed to a
/// temporary file with its SHA-256 (``SpooledUpload``), up to the media limit (``Area/uploads(_:)``).
///
/// Refused, with nothing stored: another participant's event or an unknown one (404), a gated, future or
/// finished event (403/409), a page that is not at its camera step (409), more than the limit (413),
/// another declared type or bytes that do not start like it (415), fewer bytes than `Content-Length`
/// declared or none (400), a result the step does not accept (422). Accepted: the file is moved into
/// the file store under its hash, the step's ``FileResult`` is recorded in the run, and the answer is
/// `{"next": "/survey/…", "sha256": "…"}`.
enum VideoUpload {
    static func receive(_ request: Request, media: MediaServices) throws -> Response {
        let participant = try ParticipantContext.load(request, study: media.study)
        if StudyEvent.gateForbids(request, participant: participant) {
            throw HTTPError(.forbidden, "study.error.gated")
        }
        let event = try StudyEvent.resolve(request, participant: participant, study: media.study)
        try SurveyPage.checkWritable(event)
        let survey = event.survey
        var run = try SurveyPage.loadRun(event, survey: survey)
        guard let step = run.currentStep(in: survey), case .frontCameraRecording = step.kind else {
            throw HTTPError(.conflict, "study.error.outOfDate")
        }
        guard let type = MediaType(declared: request.headers["content-type"] ?? "") else {
            throw HTTPError(HTTPStatus(415), "media.error.type")
        }
        // The uploads area streams the body to a temporary file (in-process requests too); none means it could
        // not be written.
        guard let upload = request.upload else { throw HTTPError(.internalServerError) }
        if let declared = request.headers["content-length"], Int(declared) != upload.byteCount {
            throw HTTPError(.badRequest, "media.error.truncated")
        }
        guard upload.byteCount > 0 else { throw HTTPError(.badRequest, "media.error.empty") }
        guard type.matches(head: head(of: upload.file)) else {
            throw HTTPError(HTTPStatus(415), "media.error.content")
        }
        let file = FileResult(
            contentType: type.rawValue, byteCount: upload.byteCount, sha256: upload.sha256,
            retryCount: Int(request.headers["x-recording-retries"] ?? "0") ?? -1,
            duration: request.headers["x-recording-duration"].flatMap { Double($0) }.flatMap { $0.isFinite ? $0 : nil }
        )
        let now = participant.now
        let outcome = run.submit(StepSubmission(activity: .file(file)), for: step.id, in: survey, at: now)
        guard case .success(let next) = outcome else { throw HTTPError(.unprocessableContent, "media.error.result") }
        try media.files.keep(upload)
        if case .end = next {
            try SurveyPage.finish(run, event: event, study: media.study)
            return try .json(Accepted(next: "/", sha256: upload.sha256))
        }
        try SurveyPage.saveDraft(run, event: event, study: media.study)
        return try .json(Accepted(next: "/survey/\(event.path)", sha256: upload.sha256))
    }

    struct Accepted: Encodable {
        let next: String
        let sha256: String
    }

    /// The first 12 bytes of a file.
    static func head(of file: URL) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: file.path) else { return [] }
        defer { try? handle.close() }
        return Array((try? handle.read(upToCount: 12)) ?? Data())
    }
}
