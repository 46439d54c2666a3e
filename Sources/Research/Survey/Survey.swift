import Foundation

/// An ordered, navigable list of steps (a ResearchKit task).
///
/// ```swift
/// let survey = try Survey(id: "checkin", steps: [form]).validated()
/// var run = try SurveyRun(survey: survey, runID: "r1", startDate: now)
/// ```
public struct Survey: Hashable, Sendable {
    /// The identifier.
    public var id: String
    /// The steps, in order.
    public var steps: [Step]
    /// Rules tried after a step, by step id; the first that matches wins.
    public var navigationRules: [String: [NavigationRule]]
    /// A step whose skip rule holds over the answers so far is passed over.
    public var skipRules: [String: ResultPredicate]
    /// Scores calculated from the answers, in order.
    public var scores: [SurveyScore]
    /// Where the survey is published as a FHIR Questionnaire, when it has a canonical URL (kept by the import).
    public var canonical: SurveyCanonical?

    /// Creates a `Survey` from its members.
    public init(
        id: String,
        steps: [Step],
        navigationRules: [String: [NavigationRule]] = [:],
        skipRules: [String: ResultPredicate] = [:],
        scores: [SurveyScore] = [],
        canonical: SurveyCanonical? = nil
    ) {
        self.id = id
        self.steps = steps
        self.navigationRules = navigationRules
        self.skipRules = skipRules
        self.scores = scores
        self.canonical = canonical
    }

    /// The step with `id`.
    public func step(_ id: String) -> Step? {
        steps.first { $0.id == id }
    }

    /// The position of the step with `id`.
    public func index(of id: String) -> Int? {
        steps.firstIndex { $0.id == id }
    }

    /// Whether a finished run's answers can be given again with the stored ones in place (the feed's "Change"): every
    /// step can be shown a second time. Not a survey that signs a consent document or asks for permissions (done
    /// once, on the record), nor one that records a video (a new recording is a new upload, not a change).
    public var answersCanBeChanged: Bool {
        !steps.contains { step in
            switch step.kind {
            case .consentDocument, .requestPermissions, .frontCameraRecording: true
            default: false
            }
        }
    }

    /// This survey when it has no problems; otherwise an error listing them all.
    public func validated() throws(SurveyValidationError) -> Survey {
        let problems = validate()
        if !problems.isEmpty { throw SurveyValidationError(problems: problems) }
        return self
    }

    /// The step that follows `stepID` given the answers so far, or `nil` at the end.
    public func destination(after stepID: String, answers: (String, String) -> Answer?) -> String? {
        if let rules = navigationRules[stepID] {
            for rule in rules where rule.condition?.evaluate(answers) ?? true {
                switch rule.destination {
                case .end: return nil
                case .step(let id): return firstUnskipped(from: index(of: id), answers: answers)
                }
            }
        }
        guard let index = index(of: stepID) else { return nil }
        return firstUnskipped(from: index + 1, answers: answers)
    }

    /// The first step at or after `start` whose skip rule does not hold.
    func firstUnskipped(from start: Int?, answers: (String, String) -> Answer?) -> String? {
        guard var index = start else { return nil }
        while index < steps.count {
            let id = steps[index].id
            if skipRules[id]?.evaluate(answers) != true { return id }
            index += 1
        }
        return nil
    }
}

extension Survey: Codable {
    private enum CodingKeys: String, CodingKey {
        case format, version, id, steps, navigationRules, skipRules, scores, canonical
    }

    /// The `format` member of a survey document.
    public static let formatName = "recover.survey"

    /// Decodes a survey document; `format` must be `recover.survey` and `version` the one this build reads.
    /// Missing rules and scores are none; decoding does not validate the survey (``validated()`` does).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        try SurveyJSON.checkHeader(c, format: Self.formatName, formatKey: .format, versionKey: .version)
        self.init(
            id: try c.decode(String.self, forKey: .id),
            steps: try c.decode([Step].self, forKey: .steps),
            navigationRules: try c.decodeIfPresent([String: [NavigationRule]].self, forKey: .navigationRules) ?? [:],
            skipRules: try c.decodeIfPresent([String: ResultPredicate].self, forKey: .skipRules) ?? [:],
            scores: try c.decodeIfPresent([SurveyScore].self, forKey: .scores) ?? [],
            canonical: try c.decodeIfPresent(SurveyCanonical.self, forKey: .canonical)
        )
    }

    /// Encodes a survey document with its `format` and `version` header, leaving out empty rules and scores.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.formatName, forKey: .format)
        try c.encode(SurveyJSON.version, forKey: .version)
        try c.encode(id, forKey: .id)
        try c.encode(steps, forKey: .steps)
        if !navigationRules.isEmpty { try c.encode(navigationRules, forKey: .navigationRules) }
        if !skipRules.isEmpty { try c.encode(skipRules, forKey: .skipRules) }
        if !scores.isEmpty { try c.encode(scores, forKey: .scores) }
        try c.encodeIfPresent(canonical, forKey: .canonical)
    }
}
