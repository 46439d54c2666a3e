import Foundation

/// Why a survey run ended.
public enum FinishReason: String, Codable, Hashable, Sendable {
    /// Every step was done.
    case completed
    /// The participant cancelled; nothing is to be kept.
    case discarded
    /// Stopped part-way to be resumed later.
    case saved
    /// Ended by an error.
    case failed
}

/// The result tree of a survey run: run id, start, end, finish reason, and the step results in order.
///
/// JSON: `{"format": "recover.result", "version": 1, "surveyID": ..., "runID": ..., "steps": [...]}`.
public struct SurveyResult: Hashable, Sendable {
    /// The identifier of the survey.
    public var surveyID: String
    /// The identifier of the run, given by the caller.
    public var runID: String
    /// When the run started.
    public var startDate: Date
    /// When the run ended.
    public var endDate: Date
    /// Why the run ended.
    public var finishReason: FinishReason
    /// The step results, in the order of the path taken.
    public var stepResults: [StepResult]

    /// Creates a `SurveyResult` from its members.
    public init(
        surveyID: String,
        runID: String,
        startDate: Date,
        endDate: Date,
        finishReason: FinishReason,
        stepResults: [StepResult]
    ) {
        self.surveyID = surveyID
        self.runID = runID
        self.startDate = startDate
        self.endDate = endDate
        self.finishReason = finishReason
        self.stepResults = stepResults
    }

    /// The last result of the step `stepID`.
    public func stepResult(_ stepID: String) -> StepResult? {
        stepResults.last { $0.stepID == stepID }
    }

    /// The last answer to `itemID` of the step `stepID`.
    public func answer(step stepID: String, item itemID: String) -> Answer? {
        stepResult(stepID)?.answer(itemID)
    }
}

extension SurveyResult: Codable {
    private enum CodingKeys: String, CodingKey {
        case format, version, surveyID, runID, startDate, endDate, finishReason, steps
    }

    /// The `format` member of a result document.
    public static let formatName = "recover.result"

    /// Decodes a result document; `format` must be `recover.result` and `version` the one this build reads.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        try SurveyJSON.checkHeader(c, format: Self.formatName, formatKey: .format, versionKey: .version)
        self.init(
            surveyID: try c.decode(String.self, forKey: .surveyID),
            runID: try c.decode(String.self, forKey: .runID),
            startDate: try c.decode(Date.self, forKey: .startDate),
            endDate: try c.decode(Date.self, forKey: .endDate),
            finishReason: try c.decode(FinishReason.self, forKey: .finishReason),
            stepResults: try c.decode([StepResult].self, forKey: .steps)
        )
    }

    /// Encodes a result document with its `format` and `version` header.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.formatName, forKey: .format)
        try c.encode(SurveyJSON.version, forKey: .version)
        try c.encode(surveyID, forKey: .surveyID)
        try c.encode(runID, forKey: .runID)
        try c.encode(startDate, forKey: .startDate)
        try c.encode(endDate, forKey: .endDate)
        try c.encode(finishReason, forKey: .finishReason)
        try c.encode(stepResults, forKey: .steps)
    }
}
