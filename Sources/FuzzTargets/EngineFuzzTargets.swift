import Care
import Foundation
import Recover
import Research

/// The survey engine and the care model: survey files, posted answers for every step of the study's
/// surveys, schedules.
enum EngineFuzzTargets {
    static let all = [survey, answers, schedule]

    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A survey file loads or is refused; a loaded survey is valid and survives its own JSON.
    static let survey = FuzzTarget("survey", "survey JSON files: load, validate, encode, load again") { bytes in
        guard let loaded = try? SurveyJSON.decodeSurvey(Data(bytes)) else { return }
        check(loaded.validate().isEmpty, "a loaded survey has problems")
        guard let encoded = try? SurveyJSON.encode(loaded) else {
            check(false, "a loaded survey does not encode")
            return
        }
        check((try? SurveyJSON.decodeSurvey(encoded)) == loaded, "a survey does not survive its own JSON")
    }

    /// Every step of the study's surveys: an arbitrary JSON page is parsed by the step's answer formats and
    /// submitted to a run on that step; each is accepted or refused with typed errors, never a trap.
    static let answers = FuzzTarget("answers", "posted JSON pages against every step of the Recover surveys") {
        bytes in
        guard let page = JSONValue.parse(Data(bytes)) else { return }
        for survey in surveys {
            guard var run = try? SurveyRun(survey: survey, runID: "fuzz", startDate: start) else { continue }
            var moves = 0
            while let step = run.currentStep(in: survey), moves < survey.steps.count {
                moves += 1
                guard case .success(let submission) = step.parseSubmission(json: page, timeZone: .gmt, at: start),
                    case .success = run.submit(submission, for: step.id, in: survey, at: start)
                else { break }
            }
        }
    }

    /// Every survey of the shipped study file in every language, as the server runs them.
    static let surveys: [Survey] = RecoverStudy.shipped.surveys.flatMap { survey in
        survey.languages.sorted { $0.key < $1.key }.map(\.value)
    }

    /// A schedule file decodes or is refused; a decoded schedule's events over a year are in order and
    /// inside the range, in any zone.
    static let schedule = FuzzTarget("schedule", "schedule files: decode, validate, then a year of events in two zones")
    {
        bytes in
        // As `recover schedule events` loads a file: decoded, then validated.
        guard let schedule = try? JSONDecoder().decode(Schedule.self, from: Data(bytes)),
            (try? schedule.validate()) != nil, let first = LocalDate("2027-01-01"), let last = LocalDate("2027-12-31")
        else { return }
        for zone in [TimeZone.gmt, TimeZone(identifier: "America/New_York") ?? .gmt] {
            let events = schedule.events(from: first, through: last, in: zone)
            check(events.count <= 1_000_000, "a year of events is unbounded")
            check(zip(events, events.dropFirst()).allSatisfy { $0.start <= $1.start }, "events out of order")
        }
    }
}
