import Foundation
import Recover
import Research

/// Survey engine figures: check-in pages through parse + validate + submit, result JSON, range of motion.
func surveyBenchmark() async throws {
    let survey = RecoverSurveys.checkin()
    let form = survey.steps[0]
    let start = Date(timeIntervalSince1970: 1_777_000_000)
    let page = JSONValue.object(["checkin.form.pain": .number(3), "checkin.form.sleep": .number(7)])
    let clock = ContinuousClock()
    let runs = 20_000
    var results: [SurveyResult] = []
    results.reserveCapacity(runs)
    let runTime = try clock.measure {
        for index in 0..<runs {
            var run = try SurveyRun(survey: survey, runID: "run-\(index)", startDate: start)
            let submission = try form.parseSubmission(json: page, at: start).get()
            _ = try run.submit(submission, for: form.id, in: survey, at: start).get()
            results.append(try run.finish(.completed, at: start))
        }
    }
    print("survey.checkin_runs: \(rate(runs, runTime)) runs/s")
    let encoder = SurveyJSON.encoder()
    var encoded: [Data] = []
    let encodeTime = try clock.measure { encoded = try results.map { try encoder.encode($0) } }
    print("survey.result_encode: \(rate(runs, encodeTime)) results/s")
    let decoder = SurveyJSON.decoder()
    let decodeTime = try clock.measure {
        for data in encoded { _ = try decoder.decode(SurveyResult.self, from: data) }
    }
    print("survey.result_decode: \(rate(runs, decodeTime)) results/s")
    let samples = (0..<60_000).map { index in
        Quaternion(alpha: 0, beta: 30 + 75 * sin(Double(index) / 1000), gamma: 0)
    }
    let motionTime = try clock.measure { _ = try RangeOfMotion.measure(samples) }
    print("survey.range_of_motion: \(rate(samples.count, motionTime)) samples/s")
}

private func rate(_ count: Int, _ duration: Duration) -> Int {
    let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    return seconds > 0 ? Int(Double(count) / seconds) : 0
}
