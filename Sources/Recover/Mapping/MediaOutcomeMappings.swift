import Care
import Foundation
import Research

/// Knee-bend video → that a video was submitted: its SHA-256 (kind `video.sha256`), never the bytes.
public struct KneeBendVideoOutcomeMapping: OutcomeMapping {
    /// The outcome kind of the video's SHA-256.
    public static let kind = "video.sha256"

    /// Creates the mapper.
    public init() {}

    /// The outcome values of a completed result of this survey.
    public func outcomeValues(from result: SurveyResult) throws(MappingError) -> [OutcomeValue] {
        try MappingError.check(result, is: StudyTaskID.kneeBendVideo)
        guard case .file(let file) = result.stepResult(RecoverSurveys.KneeBendVideo.recording)?.activity else {
            throw MappingError("the result has no recording")
        }
        return [OutcomeValue(.text(file.sha256), kind: Self.kind)]
    }
}

/// Hearing screening → one threshold per ear and frequency (kind `hearing.left.1000`, unit `dB`).
public struct HearingScreeningOutcomeMapping: OutcomeMapping {
    /// Creates the mapper.
    public init() {}

    /// The outcome values of a completed result of this survey.
    public func outcomeValues(from result: SurveyResult) throws(MappingError) -> [OutcomeValue] {
        try MappingError.check(result, is: StudyTaskID.hearingScreening)
        guard case .audiometry(let thresholds) = result.stepResult(RecoverSurveys.HearingScreening.tones)?.activity
        else { throw MappingError("the result has no audiometry") }
        return thresholds.keys.sorted().compactMap { key in
            thresholds[key].map {
                OutcomeValue(.double($0), kind: "hearing.\(key.replacingOccurrences(of: ":", with: "."))", unit: "dB")
            }
        }
    }
}
