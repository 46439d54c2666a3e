import Foundation

/// A score calculated from a survey's answers: the sum or the mean of the numeric answers of its items, computed only
/// when enough of them are answered, then put through a linear transform.
///
/// The KOOS pain subscale is the mean of nine items scored 0 to 4, needs five of them, and is `100 - 25 × mean`:
///
/// ```swift
/// SurveyScore(
///     id: "koos.pain", method: .mean, items: painItems, minimumAnswered: 5,
///     transform: .init(multiply: -25, add: 100))
/// ```
///
/// JSON: `{"id": "koos.pain", "method": "mean", "items": [{"step": "koos.pain", "item": "koos.p1"}, …],
/// "minimumAnswered": 5, "transform": {"multiply": -25, "add": 100}}` (docs/survey-json.md).
/// An item counts with its whole number, its number, or the number its single chosen value is written as.
public struct SurveyScore: Hashable, Sendable {
    /// How the answered items' numbers are combined.
    public enum Method: String, Codable, Hashable, Sendable, CaseIterable {
        case sum, mean
    }

    /// One question a score counts.
    public struct ItemReference: Codable, Hashable, Sendable {
        /// The identifier of the step.
        public var step: String
        /// The identifier of the item on that step.
        public var item: String

        /// Creates an `ItemReference` from its members.
        public init(step: String, item: String) {
            self.step = step
            self.item = item
        }
    }

    /// `value × multiply + add`.
    public struct LinearTransform: Codable, Hashable, Sendable {
        /// The factor.
        public var multiply: Double
        /// The offset added after multiplying.
        public var add: Double

        /// Creates a `LinearTransform` from its members.
        public init(multiply: Double = 1, add: Double = 0) {
            self.multiply = multiply
            self.add = add
        }
    }

    /// The identifier, unique among the survey's scores; the outcome kind its value is kept under by default.
    public var id: String
    /// Sum or mean.
    public var method: Method
    /// The questions counted, each once.
    public var items: [ItemReference]
    /// The fewest answered items for which the score is computed; every item when not given.
    public var minimumAnswered: Int
    /// Applied to the sum or mean, if given.
    public var transform: LinearTransform?

    /// Creates a `SurveyScore` from its members; `minimumAnswered` defaults to every item.
    public init(
        id: String, method: Method, items: [ItemReference], minimumAnswered: Int? = nil,
        transform: LinearTransform? = nil
    ) {
        self.id = id
        self.method = method
        self.items = items
        self.minimumAnswered = minimumAnswered ?? items.count
        self.transform = transform
    }

    /// The score over `answer` (the last answer to a step's item), or a result without a value when too few items
    /// are answered.
    public func compute(_ answer: (_ step: String, _ item: String) -> Answer?) -> ScoreResult {
        var numbers: [Double] = []
        for reference in items {
            if let number = answer(reference.step, reference.item).flatMap(Self.number(of:)) { numbers.append(number) }
        }
        guard !numbers.isEmpty, numbers.count >= minimumAnswered else {
            return ScoreResult(scoreID: id, value: nil, answered: numbers.count, of: items.count)
        }
        let sum = numbers.reduce(0, +)
        var value = method == .sum ? sum : sum / Double(numbers.count)
        if let transform { value = value * transform.multiply + transform.add }
        // Huge numeric answers can sum past the largest double: no value rather than infinity, which no store keeps.
        return ScoreResult(scoreID: id, value: value.isFinite ? value : nil, answered: numbers.count, of: items.count)
    }

    /// The number an answer counts as in a score; nil for answers that are not numbers (skipped, "don't know", text).
    public static func number(of answer: Answer) -> Double? {
        switch answer {
        case .integer(let value): return Double(value)
        case .decimal(let value): return value.isFinite ? value : nil
        case .choices(let values, nil) where values.count == 1:
            guard let number = Double(values[0]), number.isFinite else { return nil }
            return number
        default: return nil
        }
    }

    /// Whether answers of `format` are numbers a score can count.
    public static func counts(_ format: AnswerFormat) -> Bool {
        func numbered(_ choices: [Choice]) -> Bool {
            !choices.isEmpty && choices.allSatisfy { Double($0.value).map(\.isFinite) ?? false }
        }
        switch format {
        case .scale, .continuousScale, .numeric: return true
        case .textScale(let scale): return numbered(scale.choices)
        case .textChoice(let choice): return choice.style == .single && choice.other == nil && numbered(choice.choices)
        default: return false
        }
    }
}

extension SurveyScore: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, method, items, minimumAnswered, transform
    }

    /// Decodes a score; a missing `minimumAnswered` is every item.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try c.decode(String.self, forKey: .id),
            method: try c.decode(Method.self, forKey: .method),
            items: try c.decode([ItemReference].self, forKey: .items),
            minimumAnswered: try c.decodeIfPresent(Int.self, forKey: .minimumAnswered),
            transform: try c.decodeIfPresent(LinearTransform.self, forKey: .transform))
    }

    /// Encodes a score, leaving out `minimumAnswered` when it is every item.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(method, forKey: .method)
        try c.encode(items, forKey: .items)
        if minimumAnswered != items.count { try c.encode(minimumAnswered, forKey: .minimumAnswered) }
        try c.encodeIfPresent(transform, forKey: .transform)
    }
}

/// A computed score: its value, or none when fewer than the minimum of its items were answered.
public struct ScoreResult: Codable, Hashable, Sendable {
    /// The score's identifier.
    public var scoreID: String
    /// The value; nil when too few items were answered.
    public var value: Double?
    /// How many of its items had a number.
    public var answered: Int
    /// How many items it counts.
    public var of: Int

    /// Creates a `ScoreResult` from its members.
    public init(scoreID: String, value: Double?, answered: Int, of: Int) {
        self.scoreID = scoreID
        self.value = value
        self.answered = answered
        self.of = of
    }
}

extension Survey {
    /// Every score of this survey over a result's answers, in the survey's order.
    public func scores(of result: SurveyResult) -> [ScoreResult] {
        scores.map { $0.compute(result.answer(step:item:)) }
    }

    /// Problems with the score definitions: unknown or repeated items, items whose answers are not numbers,
    /// a minimum outside 1 to the number of items, a transform that is not finite, repeated identifiers.
    func scoreProblems() -> [SurveyProblem] {
        var problems: [SurveyProblem] = []
        var seen: Set<String> = []
        for score in scores {
            func add(_ message: String, step: String? = nil, item: String? = nil) {
                problems.append(SurveyProblem(stepID: step, itemID: item, message: "score '\(score.id)': \(message)"))
            }
            if score.id.trimmingCharacters(in: .whitespaces).isEmpty {
                problems.append(SurveyProblem(message: "a score has an empty identifier"))
            } else if !seen.insert(score.id).inserted {
                add("duplicate score identifier")
            }
            if score.items.isEmpty { add("counts no items") }
            if !(1...max(1, score.items.count)).contains(score.minimumAnswered) {
                add("minimumAnswered must be 1 to \(score.items.count), the number of its items")
            }
            if let transform = score.transform, !transform.multiply.isFinite || !transform.add.isFinite {
                add("the transform must be finite numbers")
            }
            var counted: Set<SurveyScore.ItemReference> = []
            for reference in score.items {
                guard let step = step(reference.step) else {
                    add("counts item '\(reference.item)' of unknown step '\(reference.step)'")
                    continue
                }
                guard let item = step.items.first(where: { $0.id == reference.item }) else {
                    add("counts unknown item '\(reference.item)'", step: reference.step)
                    continue
                }
                if !counted.insert(reference).inserted {
                    add("counts this item twice", step: reference.step, item: reference.item)
                }
                if !SurveyScore.counts(item.answerFormat) {
                    add(
                        "counts an item whose answers are not numbers (a scale, a number, or choices whose values "
                            + "are numbers)", step: reference.step, item: reference.item)
                }
            }
        }
        return problems
    }
}
