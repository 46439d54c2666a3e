import Care
import Foundation
import Research

/// A survey result with the outcome values it maps to, encoded as a `recover.result` document with an extra
/// `outcomeValues` member (`[{"kind", "type", "value", "unit"}]`) and, for a survey with scores, a `scores` member
/// (`[{"scoreID", "value", "answered", "of"}]`, without `value` when too few items were answered), as
/// `recover survey answer` prints it.
public struct MappedResult: Encodable, Sendable {
    /// The survey result.
    public let result: SurveyResult
    /// The outcome values it maps to.
    public let outcomeValues: [OutcomeValue]
    /// The survey's scores over the result.
    public let scores: [ScoreResult]

    /// Maps `result` with its Recover mapper; a survey without a mapper gets no outcome values. `survey`, when given,
    /// is the survey answered, whose scores are computed.
    public init(_ result: SurveyResult, survey: Survey? = nil) throws(MappingError) {
        self.result = result
        self.outcomeValues =
            RecoverOutcomes.mapper(for: result.surveyID) == nil ? [] : try RecoverOutcomes.values(for: result)
        self.scores = survey?.scores(of: result) ?? []
    }

    private enum CodingKeys: String, CodingKey {
        case outcomeValues, scores
    }

    private enum ValueKeys: String, CodingKey {
        case kind, type, value, unit
    }

    /// Encodes the result document with `outcomeValues` after it, and `scores` when the survey has any.
    public func encode(to encoder: any Encoder) throws {
        try result.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        var list = container.nestedUnkeyedContainer(forKey: .outcomeValues)
        for outcome in outcomeValues {
            var value = list.nestedContainer(keyedBy: ValueKeys.self)
            try value.encodeIfPresent(outcome.kind, forKey: .kind)
            try value.encodeIfPresent(outcome.unit, forKey: .unit)
            switch outcome.content {
            case .integer(let number):
                try value.encode("integer", forKey: .type)
                try value.encode(number, forKey: .value)
            case .double(let number):
                try value.encode("double", forKey: .type)
                try value.encode(number, forKey: .value)
            case .boolean(let flag):
                try value.encode("boolean", forKey: .type)
                try value.encode(flag, forKey: .value)
            case .text(let text):
                try value.encode("text", forKey: .type)
                try value.encode(text, forKey: .value)
            case .date(let date):
                try value.encode("date", forKey: .type)
                try value.encode(date, forKey: .value)
            case .data(let data):
                try value.encode("data", forKey: .type)
                try value.encode(data, forKey: .value)
            }
        }
        if !scores.isEmpty { try container.encode(scores, forKey: .scores) }
    }
}
