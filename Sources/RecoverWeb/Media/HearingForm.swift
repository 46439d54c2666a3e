import Foundation
import Research

/// The noise page's field as the survey engine's JSON: `noise.readings`, a JSON list of dBA readings. The
/// engine re-checks the run of quiet readings (``NoiseCheck/passes(_:)``). The tone page does not post a
/// form: its log is replayed and recorded by ``AudiometryEndpoint``.
enum HearingForm {
    static let readings = "noise.readings"

    static func noiseJSON(_ fields: [String: [String]]) -> Result<JSONValue, StepProblem> {
        let text = fields[readings]?.first ?? ""
        guard let list = JSONValue.parse(Data(text.utf8))?.arrayValue, !list.isEmpty, list.count <= 10_000 else {
            return .failure(StepProblem(key: "media.error.noNoise"))
        }
        return .success(.object(["readings": .array(list)]))
    }
}
