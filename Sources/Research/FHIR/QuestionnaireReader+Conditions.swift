import Foundation

extension QuestionnaireReader {
    static let answerKeys = [
        "answerBoolean", "answerDecimal", "answerInteger", "answerDate", "answerDateTime", "answerTime",
        "answerString", "answerCoding", "answerQuantity", "answerReference",
    ]

    /// An item's `enableWhen` and `enableBehavior` as one predicate: a single condition as it is, several joined
    /// by `all` or `any` (and a single one too when `enableBehavior` is given, so the export writes it back).
    mutating func condition(of item: JSONValue, at place: String) -> ResultPredicate? {
        let behavior = item["enableBehavior"]?.stringValue
        if item["enableBehavior"] != nil, behavior != "all", behavior != "any" {
            problem(place, "enableBehavior must be \"all\" or \"any\"")
        }
        guard let conditions = item["enableWhen"]?.arrayValue, !conditions.isEmpty else {
            if item["enableBehavior"] != nil { problem(place, "enableBehavior without enableWhen") }
            return nil
        }
        var atoms: [ResultPredicate] = []
        for (index, condition) in conditions.enumerated() {
            if let atom = atom(condition, at: "\(place) enableWhen[\(index)]") { atoms.append(atom) }
        }
        if conditions.count > 1, behavior == nil {
            problem(place, "several enableWhen conditions need enableBehavior (\"all\" or \"any\")")
        }
        guard atoms.count == conditions.count else { return nil }
        switch behavior {
        case "any": return .any(atoms)
        case "all": return .all(atoms)
        default: return atoms.first
        }
    }

    /// One `enableWhen` condition.
    mutating func atom(_ condition: JSONValue, at place: String) -> ResultPredicate? {
        guard let linkID = condition["question"]?.stringValue else {
            problem(place, "a condition needs the linkId of its question")
            return nil
        }
        guard let target = questions[linkID] else {
            if let kind = others[linkID] {
                problem(place, "refers to '\(linkID)', a \(kind) item, not a question")
            } else {
                problem(place, "refers to '\(linkID)', which is not a question of this Questionnaire")
            }
            return nil
        }
        let given = Self.answerKeys.filter { condition[$0] != nil }
        guard given.count == 1, let key = given.first, let value = condition[key] else {
            problem(place, "a condition needs exactly one answer[x]")
            return nil
        }
        let (step, item) = (target.step, target.item)
        switch condition["operator"]?.stringValue {
        case "exists":
            guard let flag = value.boolValue, key == "answerBoolean" else {
                problem(place, "'exists' takes answerBoolean")
                return nil
            }
            return flag ? .answered(step: step, item: item) : .not(.answered(step: step, item: item))
        case "=":
            return equality(target, key, value, at: place)
        case "!=":
            return equality(target, key, value, at: place).map { .not($0) }
        case let op? where [">", "<", ">=", "<="].contains(op):
            guard let bound = orderedBound(target, key, value, at: place, op: op) else { return nil }
            switch op {
            case ">=": return .atLeast(step: step, item: item, value: bound)
            case "<=": return .atMost(step: step, item: item, value: bound)
            case ">":
                return .all([.answered(step: step, item: item), .not(.atMost(step: step, item: item, value: bound))])
            default:
                return .all([.answered(step: step, item: item), .not(.atLeast(step: step, item: item, value: bound))])
            }
        default:
            problem(place, "the operator must be one of exists, =, !=, >, <, >=, <=")
            return nil
        }
    }

    /// `=` for the question's type.
    mutating func equality(_ target: Question, _ key: String, _ value: JSONValue, at place: String)
        -> ResultPredicate?
    {
        let (step, item) = (target.step, target.item)
        func mismatch() -> ResultPredicate? {
            problem(place, "\(key) cannot be compared with the \(target.type) question '\(target.item)'")
            return nil
        }
        switch (target.type, key) {
        case ("boolean", "answerBoolean"):
            return value.boolValue.map { .equals(step: step, item: item, answer: .boolean($0)) } ?? mismatch()
        case ("integer", "answerInteger"):
            return value.integerValue.map { .equals(step: step, item: item, answer: .integer($0)) } ?? mismatch()
        case ("decimal", "answerDecimal"), ("decimal", "answerInteger"), ("quantity", "answerQuantity"):
            guard let number = quantityValue(target, key, value, at: place) else { return nil }
            // A decimal question's answer may be a whole number (`.integer`), so equality is a closed range.
            return .all([
                .atLeast(step: step, item: item, value: number), .atMost(step: step, item: item, value: number),
            ])
        case ("date", "answerDate"):
            guard let date = date(value, at: place) else { return nil }
            return .equals(step: step, item: item, answer: .date(date))
        case ("dateTime", "answerDateTime"):
            guard let date = dateTime(value, at: place) else { return nil }
            return .equals(step: step, item: item, answer: .dateTime(date))
        case ("time", "answerTime"):
            guard let time = time(value, at: place) else { return nil }
            return .equals(step: step, item: item, answer: .timeOfDay(time))
        case ("string", "answerString"), ("text", "answerString"):
            return value.stringValue.map { .equals(step: step, item: item, answer: .text($0)) } ?? mismatch()
        case ("choice", "answerCoding"), ("choice", "answerString"), ("choice", "answerInteger"),
            ("open-choice", "answerCoding"), ("open-choice", "answerString"), ("open-choice", "answerInteger"):
            let option: JSONValue = .object([key.replacingOccurrences(of: "answer", with: "value"): value])
            guard let choice = Self.optionValue(option) else { return mismatch() }
            guard target.options.contains(choice) else {
                problem(place, "'\(choice)' is not an option of '\(target.item)' (free text cannot be compared)")
                return nil
            }
            return .includesChoice(step: step, item: item, value: choice)
        default:
            return mismatch()
        }
    }

    /// The number an ordering operator compares with; only numbers are ordered in the engine.
    mutating func orderedBound(_ target: Question, _ key: String, _ value: JSONValue, at place: String, op: String)
        -> Double?
    {
        switch (target.type, key) {
        case ("integer", "answerInteger"), ("decimal", "answerDecimal"), ("decimal", "answerInteger"),
            ("integer", "answerDecimal"), ("quantity", "answerQuantity"):
            return quantityValue(target, key, value, at: place)
        case ("date", _), ("dateTime", _), ("time", _):
            problem(place, "'\(op)' on a \(target.type) cannot be mapped: the engine orders numbers only")
            return nil
        default:
            problem(place, "'\(op)' cannot compare \(key) with the \(target.type) question '\(target.item)'")
            return nil
        }
    }

    /// A number from answerInteger, answerDecimal or answerQuantity (whose unit must be the question's).
    mutating func quantityValue(_ target: Question, _ key: String, _ value: JSONValue, at place: String) -> Double? {
        if key == "answerQuantity" {
            guard let number = value["value"]?.numberValue, number.isFinite else {
                problem(place, "answerQuantity needs its value")
                return nil
            }
            let units = [value["unit"]?.stringValue, value["code"]?.stringValue].compactMap { $0 }
            if let unit = target.unit, !units.isEmpty, !units.contains(unit) {
                problem(place, "answerQuantity is in \(units[0]); the question '\(target.item)' asks in \(unit)")
                return nil
            }
            return number
        }
        guard let number = value.numberValue, number.isFinite else {
            problem(place, "\(key) must be a number")
            return nil
        }
        return number
    }
}
