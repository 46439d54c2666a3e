import Foundation
import Recover
import RecoverData
import Research
import Web

/// `POST /survey/:task/:occurrence/tone`: the hearing screening's next tone. The page posts every response
/// so far, `{"responses": [{"ear": "left", "frequency": 1000, "level": 30, "heard": true}, …]}`; the
/// server replays them with ``AudiometrySession`` (refusing, 422, a response out of order or for a tone
/// never presented) and answers `{"tone": {"ear", "frequency", "level", "gainDBFS"}, "calibrated": …}` or
/// `{"done": true, …}`, each with `remaining` and `total` ear-and-frequency tests (the page's time estimate).
/// The final page post carries the same log, replayed again (``HearingForm``).
enum AudiometryEndpoint {
    struct Posted: Decodable {
        let responses: [AudiometrySession.Response]
        /// Set on the last post: record the thresholds as the step's result and move on.
        var finish: Bool?
    }

    struct Answer: Encodable {
        struct Tone: Encodable {
            let ear: String
            let frequency: Double
            let level: Double
            let gainDBFS: Double
        }
        let tone: Tone?
        let done: Bool
        var next: String?
        let calibrated: Bool
        let presented: Int
        /// Ear-and-frequency tests not finished yet, of `total`: the page's time estimate.
        let remaining: Int
        let total: Int
    }

    static func next(_ request: Request, media: MediaServices) throws -> Response {
        let participant = try ParticipantContext.load(request, study: media.study)
        if StudyEvent.gateForbids(request, participant: participant) {
            throw HTTPError(.forbidden, "study.error.gated")
        }
        let event = try StudyEvent.resolve(request, participant: participant, study: media.study)
        try SurveyPage.checkWritable(event)
        let run = try SurveyPage.loadRun(event, survey: event.survey)
        guard let step = run.currentStep(in: event.survey), case .toneAudiometry(let test) = step.kind else {
            throw HTTPError(.conflict, "study.error.outOfDate")
        }
        guard let posted = try? JSONDecoder().decode(Posted.self, from: Data(request.body)),
            posted.responses.count <= 20 * test.ears.count * test.frequencies.count
        else { throw HTTPError(.badRequest, "media.error.toneLog") }
        let session = try replay(posted.responses, test: test, calibration: media.calibration)
        if posted.finish == true {
            guard session.nextTone == nil else { throw HTTPError(.unprocessableContent, "media.error.toneUnfinished") }
            let next = try record(session, step: step, run: run, event: event, media: media)
            return try .json(
                Answer(
                    tone: nil, done: true, next: next, calibrated: media.calibration.isCalibrated,
                    presented: posted.responses.count, remaining: 0, total: session.staircases.count))
        }
        let tone = session.nextTone.map {
            Answer.Tone(
                ear: $0.ear.rawValue, frequency: $0.frequency, level: $0.level,
                gainDBFS: media.calibration.dBFS(level: $0.level, frequency: $0.frequency))
        }
        return try .json(
            Answer(
                tone: tone, done: tone == nil, calibrated: media.calibration.isCalibrated,
                presented: posted.responses.count,
                remaining: session.staircases.count { !$0.staircase.isFinished }, total: session.staircases.count))
    }

    /// Records the thresholds as the step's result; the path to go to next.
    static func record(
        _ session: AudiometrySession, step: Step, run: SurveyRun, event: StudyEvent, media: MediaServices
    ) throws -> String {
        var run = run
        let outcome = run.submit(
            StepSubmission(activity: .audiometry(session.thresholds)), for: step.id, in: event.survey,
            at: event.participant.now)
        guard case .success = outcome else { throw HTTPError(.unprocessableContent, "media.error.result") }
        // The thresholds are the last answer: the result is stored before the completion shows.
        if case .end = run.passFinalCompletion(in: event.survey, at: event.participant.now) {
            try SurveyPage.finish(run, event: event, study: media.study)
            return SurveyPage.finishedPath(event)
        }
        try SurveyPage.saveDraft(run, event: event, study: media.study)
        return "/survey/\(event.path)"
    }

    /// The session after `responses`; 422 when they are out of order.
    static func replay(_ responses: [AudiometrySession.Response], test: ToneAudiometry, calibration: HearingCalibration)
        throws -> AudiometrySession
    {
        do {
            return try AudiometrySession(
                test: test, replaying: responses, ceilingLevel: calibration.ceiling(frequencies: test.frequencies))
        } catch {
            throw HTTPError(.unprocessableContent, "media.error.toneOrder")
        }
    }
}
