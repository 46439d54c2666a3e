import Foundation
import Recover
import Research
import Web

/// `POST /survey/:task/:occurrence/upload`: the recording of a front-camera step, as the raw body with
/// its `Content-Type` (`video/webm` or `video/mp4`), the `X-CSRF-Token` header, and
/// `X-Recording-Retries` / `X-Recording-Duration` headers. The body arrives already streamed to a
/// temporary file with its SHA-256 (``SpooledUpload``), up to the media limit (``Area/uploads(_:)``).
///
/// Everything the headers can tell is checked on them alone, before any byte of the body is read
/// (``admit(_:media:)``, after the session, the CSRF header and the participant rule): another participant's
/// event or an unknown one (404), a gated, future or finished event (403/409), a page that is not at its
/// camera step (409), another declared type (415), a missing or malformed duration or retry count (400), a
/// recording the step would refuse on what the headers declare (too long, retries not allowed: 422), more
/// than the limit by `Content-Length` (413). Once the body is there, the same checks run again (the event may
/// have changed meanwhile), then fewer bytes than `Content-Length` declared or none (400), bytes that do not
/// start like the declared type (415), a WebM whose own timing (``WebMDuration``) is longer than the step
/// allows whatever was declared (422). Accepted: the file is moved into the file store under its hash, the
/// step's ``FileResult`` is recorded in the run, and the answer is `{"next": "/survey/…", "sha256": "…"}`.
enum VideoUpload {
    /// The headers' checks, before the body is read.
    static func admit(_ request: Request, media: MediaServices) throws {
        _ = try Declared(request, media: media)
    }

    static func receive(_ request: Request, media: MediaServices) throws -> Response {
        var declared = try Declared(request, media: media)
        // The uploads area streams the body to a temporary file (in-process requests too); none means it could
        // not be written.
        guard let upload = request.upload else { throw HTTPError(.internalServerError) }
        if let length = request.headers["content-length"], Int(length) != upload.byteCount {
            throw HTTPError(.badRequest, "media.error.truncated")
        }
        guard upload.byteCount > 0 else { throw HTTPError(.badRequest, "media.error.empty") }
        guard declared.type.matches(head: head(of: upload.file)) else {
            throw HTTPError(HTTPStatus(415), "media.error.content")
        }
        // The length the engine judges is the longer of the declared one and the file's own (WebM timing).
        let measured = declared.type == .webm ? WebMDuration.seconds(of: upload.file) : nil
        let file = declared.result(byteCount: upload.byteCount, sha256: upload.sha256, measured: measured)
        let now = declared.event.participant.now
        let outcome = declared.run.submit(
            StepSubmission(activity: .file(file)), for: declared.step.id, in: declared.survey, at: now)
        guard case .success = outcome else { throw HTTPError(.unprocessableContent, "media.error.result") }
        try media.files.keep(upload)
        // The recording is the last answer: the result is stored now, before "sent to your therapist" shows.
        if case .end = declared.run.passFinalCompletion(in: declared.survey, at: now) {
            try SurveyPage.finish(declared.run, event: declared.event, study: media.study)
            var response = try Response.json(
                Accepted(next: SurveyPage.finishedPath(declared.event), sha256: upload.sha256))
            response.cookies.append(SavedNote.cookie(for: declared.event, request: request))
            return response
        }
        try SurveyPage.saveDraft(declared.run, event: declared.event, study: media.study)
        return try .json(Accepted(next: "/survey/\(declared.event.path)", sha256: upload.sha256))
    }

    struct Accepted: Encodable {
        let next: String
        let sha256: String
    }

    /// What a request's headers say about the recording, checked against the participant's event and the
    /// step that takes it.
    struct Declared {
        let event: StudyEvent
        let survey: Survey
        var run: SurveyRun
        let step: Step
        let type: MediaType
        let retries: Int
        let duration: TimeInterval

        init(_ request: Request, media: MediaServices) throws {
            let participant = try ParticipantContext.load(request, study: media.study)
            if StudyEvent.gateForbids(request, participant: participant) {
                throw HTTPError(.forbidden, "study.error.gated")
            }
            event = try StudyEvent.resolve(request, participant: participant, study: media.study)
            try SurveyPage.checkWritable(event)
            survey = event.survey
            run = try SurveyPage.loadRun(event, survey: survey)
            guard let step = run.currentStep(in: survey), case .frontCameraRecording = step.kind else {
                throw HTTPError(.conflict, "study.error.outOfDate")
            }
            self.step = step
            guard let type = MediaType(declared: request.headers["content-type"] ?? "") else {
                throw HTTPError(HTTPStatus(415), "media.error.type")
            }
            self.type = type
            let retries = request.headers["x-recording-retries"] ?? "0"
            guard let count = BoundedInteger.parse(retries, in: 0...1000) else {
                throw HTTPError(.badRequest, "media.error.retries")
            }
            self.retries = count
            guard let seconds = VideoUpload.duration(request.headers["x-recording-duration"] ?? "") else {
                throw HTTPError(.badRequest, "media.error.duration")
            }
            duration = seconds
            // The engine judges the declared recording now, so one it would refuse sends no body; a copy of the
            // run takes the trial, with a stand-in size and hash.
            var trial = run
            let stand = result(byteCount: 1, sha256: String(repeating: "0", count: 64))
            guard
                case .success = trial.submit(
                    StepSubmission(activity: .file(stand)), for: step.id, in: survey, at: participant.now)
            else { throw HTTPError(.unprocessableContent, "media.error.result") }
        }

        /// The step's result for the received file, as long as declared or as `measured` from the file when
        /// that is longer.
        func result(byteCount: Int, sha256: String, measured: TimeInterval? = nil) -> FileResult {
            FileResult(
                contentType: type.rawValue, byteCount: byteCount, sha256: sha256, retryCount: retries,
                duration: max(duration, measured ?? 0))
        }
    }

    /// A declared recording length in seconds: plain decimal digits with an optional fraction (`8.50`), more
    /// than 0 and at most a day; `nil` for anything else (missing, signed, exponent, `NaN`, `inf`, absurd).
    static func duration(_ text: String) -> TimeInterval? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, (1...5).contains(whole.count),
            whole.utf8.allSatisfy({ (48...57).contains($0) })
        else { return nil }
        if parts.count == 2 {
            let fraction = parts[1]
            guard (1...6).contains(fraction.count), fraction.utf8.allSatisfy({ (48...57).contains($0) }) else {
                return nil
            }
        }
        guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 86_400 else { return nil }
        return seconds
    }

    /// The first 12 bytes of a file.
    static func head(of file: URL) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: file.path) else { return [] }
        defer { try? handle.close() }
        return Array((try? handle.read(upToCount: 12)) ?? Data())
    }
}
