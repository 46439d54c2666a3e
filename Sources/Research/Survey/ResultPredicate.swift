import Foundation

/// A condition over the answers given so far, used by navigation rules, skip rules and item visibility.
///
/// JSON: `{"type": "equals", "step": "s", "item": "i", "answer": {...}}`,
/// `{"type": "all", "predicates": [...]}` (docs/survey-json.md).
public indirect enum ResultPredicate: Hashable, Sendable {
    /// The item has an answer other than skipped.
    case answered(step: String, item: String)
    /// The item's answer equals `answer`.
    case equals(step: String, item: String, answer: Answer)
    /// The item's numeric answer is at least `value`.
    case atLeast(step: String, item: String, value: Double)
    /// The item's numeric answer is at most `value`.
    case atMost(step: String, item: String, value: Double)
    /// The item's choices include `value`.
    case includesChoice(step: String, item: String, value: String)
    /// The participant answered "don't know".
    case isDontKnow(step: String, item: String)
    case not(ResultPredicate)
    case all([ResultPredicate])
    case any([ResultPredicate])

    /// Evaluates the predicate; `answer` looks up the last answer to a step's item.
    public func evaluate(_ answer: (_ step: String, _ item: String) -> Answer?) -> Bool {
        switch self {
        case .answered(let step, let item):
            guard let found = answer(step, item) else { return false }
            return found != .skipped
        case .equals(let step, let item, let expected):
            return answer(step, item) == expected
        case .atLeast(let step, let item, let value):
            return answer(step, item)?.numericValue.map { $0 >= value } ?? false
        case .atMost(let step, let item, let value):
            return answer(step, item)?.numericValue.map { $0 <= value } ?? false
        case .includesChoice(let step, let item, let value):
            if case .choices(let values, _) = answer(step, item) { return values.contains(value) }
            return false
        case .isDontKnow(let step, let item):
            return answer(step, item) == .dontKnow
        case .not(let inner):
            return !inner.evaluate(answer)
        case .all(let predicates):
            return predicates.allSatisfy { $0.evaluate(answer) }
        case .any(let predicates):
            return predicates.contains { $0.evaluate(answer) }
        }
    }

    /// Every (step, item) the predicate reads.
    public var references: [(step: String, item: String)] {
        switch self {
        case .answered(let step, let item), .equals(let step, let item, _), .atLeast(let step, let item, _),
            .atMost(let step, let item, _), .includesChoice(let step, let item, _), .isDontKnow(let step, let item):
            [(step, item)]
        case .not(let inner): inner.references
        case .all(let predicates), .any(let predicates): predicates.flatMap(\.references)
        }
    }
}

extension ResultPredicate: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, step, item, answer, value, predicate, predicates
    }

    static let typeNames = [
        "answered", "equals", "atLeast", "atMost", "includesChoice", "isDontKnow", "not", "all", "any",
    ]

    /// Decodes a predicate by its `type`: `step` and `item` for a test of one answer, `predicate` for `not`,
    /// `predicates` for `all` and `any`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let type = try c.decode(String.self, forKey: .type)
        func ref() throws -> (String, String) {
            (try c.decode(String.self, forKey: .step), try c.decode(String.self, forKey: .item))
        }
        switch type {
        case "answered":
            let (step, item) = try ref()
            self = .answered(step: step, item: item)
        case "equals":
            let (step, item) = try ref()
            self = .equals(step: step, item: item, answer: try c.decode(Answer.self, forKey: .answer))
        case "atLeast":
            let (step, item) = try ref()
            self = .atLeast(step: step, item: item, value: try c.decode(Double.self, forKey: .value))
        case "atMost":
            let (step, item) = try ref()
            self = .atMost(step: step, item: item, value: try c.decode(Double.self, forKey: .value))
        case "includesChoice":
            let (step, item) = try ref()
            self = .includesChoice(step: step, item: item, value: try c.decode(String.self, forKey: .value))
        case "isDontKnow":
            let (step, item) = try ref()
            self = .isDontKnow(step: step, item: item)
        case "not": self = .not(try c.decode(ResultPredicate.self, forKey: .predicate))
        case "all": self = .all(try c.decode([ResultPredicate].self, forKey: .predicates))
        case "any": self = .any(try c.decode([ResultPredicate].self, forKey: .predicates))
        default: throw decoder.unknownType(type, of: "predicate", expected: Self.typeNames)
        }
    }

    /// Encodes the predicate's `type` with its members.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        func ref(_ type: String, _ step: String, _ item: String) throws {
            try c.encode(type, forKey: .type)
            try c.encode(step, forKey: .step)
            try c.encode(item, forKey: .item)
        }
        switch self {
        case .answered(let step, let item): try ref("answered", step, item)
        case .equals(let step, let item, let answer):
            try ref("equals", step, item)
            try c.encode(answer, forKey: .answer)
        case .atLeast(let step, let item, let value):
            try ref("atLeast", step, item)
            try c.encode(value, forKey: .value)
        case .atMost(let step, let item, let value):
            try ref("atMost", step, item)
            try c.encode(value, forKey: .value)
        case .includesChoice(let step, let item, let value):
            try ref("includesChoice", step, item)
            try c.encode(value, forKey: .value)
        case .isDontKnow(let step, let item): try ref("isDontKnow", step, item)
        case .not(let inner):
            try c.encode("not", forKey: .type)
            try c.encode(inner, forKey: .predicate)
        case .all(let predicates):
            try c.encode("all", forKey: .type)
            try c.encode(predicates, forKey: .predicates)
        case .any(let predicates):
            try c.encode("any", forKey: .type)
            try c.encode(predicates, forKey: .predicates)
        }
    }
}
