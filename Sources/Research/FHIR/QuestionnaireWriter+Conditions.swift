import Foundation

extension QuestionnaireWriter {
    /// Writes `predicate` as the item's `enableWhen` (with `enableBehavior` for `all` and `any`).
    mutating func addCondition(_ predicate: ResultPredicate, to item: inout Object, at place: String) {
        let atoms: [ResultPredicate]
        switch predicate {
        case .all(let list) where !isCompound(predicate):
            atoms = list
            item["enableBehavior"] = .string("all")
        case .any(let list):
            atoms = list
            item["enableBehavior"] = .string("any")
        default:
            atoms = [predicate]
        }
        var conditions: [JSONValue] = []
        for atom in atoms {
            if let condition = condition(atom) {
                conditions.append(.object(condition))
            } else {
                problem(place, "the condition \(Self.summary(atom)) cannot be expressed as enableWhen")
            }
        }
        if atoms.isEmpty { problem(place, "an empty all or any cannot be expressed as enableWhen") }
        item["enableWhen"] = .array(conditions)
    }

    /// Whether `predicate` is one comparison the import writes as several predicates (`>`, `<`, decimal `=`).
    func isCompound(_ predicate: ResultPredicate) -> Bool {
        if case .all(let list) = predicate, list.count == 2 {
            switch (list[0], list[1]) {
            case (.atLeast(let s1, let i1, let a), .atMost(let s2, let i2, let b)):
                return s1 == s2 && i1 == i2 && a == b
            case (.answered(let s1, let i1), .not(.atMost(let s2, let i2, _))),
                (.answered(let s1, let i1), .not(.atLeast(let s2, let i2, _))):
                return s1 == s2 && i1 == i2
            default: return false
            }
        }
        return false
    }

    /// One `enableWhen` condition, or nil when the predicate has no FHIR equivalent.
    func condition(_ atom: ResultPredicate) -> Object? {
        func make(_ step: String, _ item: String, _ op: String, _ key: String, _ value: JSONValue) -> Object? {
            guard target(step, item) != nil else { return nil }
            return ["question": .string(item), "operator": .string(op), key: value]
        }
        switch atom {
        case .answered(let step, let item):
            return make(step, item, "exists", "answerBoolean", .bool(true))
        case .not(.answered(let step, let item)):
            return make(step, item, "exists", "answerBoolean", .bool(false))
        case .equals(let step, let item, let answer):
            return equality(step, item, answer).flatMap { make(step, item, "=", $0.key, $0.value) }
        case .includesChoice(let step, let item, let value):
            return choice(step, item, value).flatMap { make(step, item, "=", $0.key, $0.value) }
        case .atLeast(let step, let item, let value):
            return number(step, item, value).flatMap { make(step, item, ">=", $0.key, $0.value) }
        case .atMost(let step, let item, let value):
            return number(step, item, value).flatMap { make(step, item, "<=", $0.key, $0.value) }
        case .all(let list) where isCompound(atom):
            switch (list[0], list[1]) {
            case (.atLeast(let step, let item, let value), .atMost):
                return number(step, item, value).flatMap { make(step, item, "=", $0.key, $0.value) }
            case (.answered(let step, let item), .not(.atMost(_, _, let value))):
                return number(step, item, value).flatMap { make(step, item, ">", $0.key, $0.value) }
            case (.answered(let step, let item), .not(.atLeast(_, _, let value))):
                return number(step, item, value).flatMap { make(step, item, "<", $0.key, $0.value) }
            default: return nil
            }
        case .not(let inner):
            guard var condition = condition(inner), condition["operator"] == .string("=") else { return nil }
            condition["operator"] = .string("!=")
            return condition
        default:
            return nil
        }
    }

    /// The question (step, item) names, if the survey has it.
    func target(_ step: String, _ item: String) -> FormItem? {
        survey.step(step)?.items.first { $0.id == item }
    }

    func equality(_ step: String, _ item: String, _ answer: Answer) -> (key: String, value: JSONValue)? {
        guard let format = target(step, item)?.answerFormat else { return nil }
        switch (answer, format) {
        case (.boolean(let flag), .boolean): return ("answerBoolean", .bool(flag))
        case (.integer(let number), .scale): return ("answerInteger", .integer(number))
        case (.integer(let number), .numeric(let numeric)) where numeric.style == .integer:
            return ("answerInteger", .integer(number))
        case (.text(let text), .text): return ("answerString", .string(text))
        case (.date(let date), .date): return ("answerDate", .string(date.description))
        case (.dateTime(let date), .dateTime): return ("answerDateTime", .string(SurveyJSON.formatDate(date)))
        case (.timeOfDay(let time), .timeOfDay): return ("answerTime", .string("\(time.description):00"))
        default: return nil
        }
    }

    func choice(_ step: String, _ item: String, _ value: String) -> (key: String, value: JSONValue)? {
        guard case .textChoice(let format) = target(step, item)?.answerFormat,
            let choice = format.choices.first(where: { $0.value == value })
        else { return nil }
        return choice.text == choice.value
            ? ("answerString", .string(value)) : ("answerCoding", .object(["code": .string(value)]))
    }

    /// A number in the form the question's type takes: answerInteger, answerDecimal or answerQuantity.
    func number(_ step: String, _ item: String, _ value: Double) -> (key: String, value: JSONValue)? {
        guard let format = target(step, item)?.answerFormat else { return nil }
        switch format {
        case .scale:
            return Int(exactly: value).map { ("answerInteger", .integer($0)) } ?? ("answerDecimal", .number(value))
        case .numeric(let numeric) where numeric.style == .integer:
            return Int(exactly: value).map { ("answerInteger", .integer($0)) } ?? ("answerDecimal", .number(value))
        case .numeric(let numeric) where numeric.unit != nil:
            return ("answerQuantity", .object(["value": .number(value), "unit": .string(numeric.unit ?? "")]))
        case .numeric, .continuousScale:
            return ("answerDecimal", .number(value))
        default:
            return nil
        }
    }

    /// A short description of a predicate for a problem message (never an answer a participant gave).
    static func summary(_ predicate: ResultPredicate) -> String {
        let references = predicate.references.map { "'\($0.item)'" }
        return "on \(references.isEmpty ? "nothing" : references.joined(separator: ", "))"
    }
}
