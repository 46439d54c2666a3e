import Foundation

extension SurveyRun: Codable {
    private enum CodingKeys: String, CodingKey {
        case format, version, surveyID, runID, startDate, path, isAtEnd, stepResults, reviewReturnStepID
        case currentStepStart, heldFields
    }

    /// The `format` member of a saved run.
    public static let formatName = "recover.run"

    /// Decodes a saved run; `format` must be `recover.run`, `version` the one this build reads, and a run that is
    /// not at its end must have a path.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        try SurveyJSON.checkHeader(c, format: Self.formatName, formatKey: .format, versionKey: .version)
        surveyID = try c.decode(String.self, forKey: .surveyID)
        runID = try c.decode(String.self, forKey: .runID)
        startDate = try c.decode(Date.self, forKey: .startDate)
        path = try c.decode([String].self, forKey: .path)
        isAtEnd = try c.decode(Bool.self, forKey: .isAtEnd)
        stepResults = try c.decode([StepResult].self, forKey: .stepResults)
        reviewReturnStepID = try c.decodeIfPresent(String.self, forKey: .reviewReturnStepID)
        currentStepStart = try c.decode(Date.self, forKey: .currentStepStart)
        heldFields = try c.decodeIfPresent([String: [String: [String]]].self, forKey: .heldFields) ?? [:]
        if path.isEmpty && !isAtEnd {
            throw DecodingError.dataCorruptedError(
                forKey: .path, in: c, debugDescription: "a run in progress has a path")
        }
    }

    /// Encodes a saved run with its `format` and `version` header, leaving out `heldFields` when there are none.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.formatName, forKey: .format)
        try c.encode(SurveyJSON.version, forKey: .version)
        try c.encode(surveyID, forKey: .surveyID)
        try c.encode(runID, forKey: .runID)
        try c.encode(startDate, forKey: .startDate)
        try c.encode(path, forKey: .path)
        try c.encode(isAtEnd, forKey: .isAtEnd)
        try c.encode(stepResults, forKey: .stepResults)
        try c.encodeIfPresent(reviewReturnStepID, forKey: .reviewReturnStepID)
        try c.encode(currentStepStart, forKey: .currentStepStart)
        if !heldFields.isEmpty { try c.encode(heldFields, forKey: .heldFields) }
    }
}
