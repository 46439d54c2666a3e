import Foundation

extension AnswerFormat {
    /// The largest magnitude a scale's bounds may have.
    public static let scaleMagnitudeLimit = 10_000

    /// What is wrong with this format's parameters (empty when it is usable), per ResearchKit's rules.
    public func parameterProblems() -> [String] {
        var problems: [String] = []
        switch self {
        case .scale(let format):
            let limit = Self.scaleMagnitudeLimit
            // A range check, not abs() (abs(Int.min) traps); the span below is computed only within it.
            let bounded = (-limit...limit).contains(format.minimum) && (-limit...limit).contains(format.maximum)
            if !bounded {
                problems.append("scale bounds must be within ±\(limit)")
            }
            if format.maximum <= format.minimum { problems.append("scale maximum must be greater than its minimum") }
            if format.step <= 0 {
                problems.append("scale step must be positive")
            } else if bounded, format.maximum > format.minimum {
                let span = format.maximum - format.minimum
                if span % format.step != 0 {
                    problems.append("scale step \(format.step) does not divide \(format.minimum)...\(format.maximum)")
                } else if !(1...13).contains(span / format.step) {
                    problems.append("scale has \(span / format.step) steps; it must have 1 to 13")
                }
            }
        case .continuousScale(let format):
            let limit = Double(Self.scaleMagnitudeLimit)
            if abs(format.minimum) > limit || abs(format.maximum) > limit {
                problems.append("continuous scale bounds must be within ±\(Self.scaleMagnitudeLimit)")
            }
            if !(format.maximum > format.minimum) {
                problems.append("continuous scale maximum must be greater than its minimum")
            }
            if !(0...4).contains(format.fractionDigits) {
                problems.append("continuous scale fraction digits must be 0 to 4")
            }
        case .textScale(let format):
            if !(2...8).contains(format.choices.count) {
                problems.append("text scale has \(format.choices.count) choices; it must have 2 to 8")
            }
            problems += Self.choiceProblems(format.choices.map(\.value), texts: format.choices.map(\.text))
            if let index = format.defaultIndex, !format.choices.indices.contains(index) {
                problems.append("text scale default index \(index) is not a choice")
            }
        case .textChoice(let format):
            if format.choices.isEmpty { problems.append("text choice has no choices") }
            problems += Self.choiceProblems(format.allValues, texts: format.choices.map(\.text))
        case .numeric(let format):
            if let minimum = format.minimum, let maximum = format.maximum, minimum > maximum {
                problems.append("numeric minimum is greater than its maximum")
            }
        case .text(let format):
            problems += Self.textProblems(format)
        case .date(let format):
            if let minimum = format.minimum, let maximum = format.maximum, minimum > maximum {
                problems.append("date minimum is after its maximum")
            }
        case .dateTime(let format):
            if let minimum = format.minimum, let maximum = format.maximum, minimum > maximum {
                problems.append("date-time minimum is after its maximum")
            }
        case .timeInterval(let format):
            if !(1...30).contains(format.stepMinutes) { problems.append("time interval step must be 1 to 30 minutes") }
            if !(format.maximum > 0 && format.maximum <= TimeIntervalFormat.longest) {
                problems.append("time interval maximum must be more than 0 and at most 24 hours")
            }
        case .weight(let format):
            if let minimum = format.minimum, let maximum = format.maximum, minimum > maximum {
                problems.append("weight minimum is greater than its maximum")
            }
        case .boolean, .socioEconomicLadder, .timeOfDay, .height, .location:
            break
        }
        return problems
    }

    private static func choiceProblems(_ values: [String], texts: [String]) -> [String] {
        var problems: [String] = []
        if Set(values).count != values.count { problems.append("choice values must be unique") }
        if values.contains(where: \.isEmpty) { problems.append("a choice value is empty") }
        if texts.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            problems.append("a choice has no text")
        }
        return problems
    }

    private static func textProblems(_ format: TextFormat) -> [String] {
        var problems: [String] = []
        if format.maximumLength < 0 { problems.append("text maximum length must be 0 (no limit) or more") }
        switch (format.pattern, format.invalidMessage) {
        case (let pattern?, let message):
            if (try? NSRegularExpression(pattern: pattern)) == nil {
                problems.append("text validation pattern is not a valid regular expression")
            }
            if message?.trimmingCharacters(in: .whitespaces).isEmpty ?? true {
                problems.append("text validation pattern has no invalid message")
            }
        case (nil, _?):
            problems.append("text invalid message has no validation pattern")
        case (nil, nil):
            break
        }
        return problems
    }
}
