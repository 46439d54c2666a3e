import Foundation

extension AnswerFormat {
    /// Checks an answer against this format's rules (ResearchKit's, see REFERENCE.md).
    ///
    /// `.skipped` is accepted here: whether an item may be left out is the form item's business.
    public func validate(_ answer: Answer, for itemID: String) throws(AnswerError) {
        let bounds = self.bounds
        func fail(_ code: ItemError.Code, _ message: String) -> AnswerError {
            AnswerError(itemID: itemID, code: code, message: message, bounds: bounds)
        }
        switch answer {
        case .skipped: return
        case .dontKnow:
            if allowsDontKnow { return }
            throw fail(.dontKnowNotAllowed, "\"don't know\" is not an answer to this question")
        default: break
        }
        switch self {
        case .scale(let format):
            guard case .integer(let value) = answer else { throw fail(.notAWholeNumber, "expected a whole number") }
            guard value >= format.minimum, value <= format.maximum else {
                throw fail(.outOfRange, "must be between \(format.minimum) and \(format.maximum)")
            }
            let (offset, overflow) = value.subtractingReportingOverflow(format.minimum)
            guard format.step > 0, !overflow, offset % format.step == 0 else {
                throw fail(.notOnStep, "must be \(format.minimum) plus a multiple of \(format.step)")
            }
        case .continuousScale(let format):
            guard let value = answer.numericValue, answer.typeName != "interval" else {
                throw fail(.notANumber, "expected a number")
            }
            guard value >= format.minimum, value <= format.maximum else {
                throw fail(.outOfRange, "must be between \(format.minimum) and \(format.maximum)")
            }
            let scaled = value * pow(10, Double(format.fractionDigits))
            guard abs(scaled - scaled.rounded()) < 1e-6 else {
                throw fail(.tooManyDigits, "at most \(format.fractionDigits) digits after the decimal point")
            }
        case .textScale(let format):
            guard case .choices(let values, nil) = answer, values.count == 1, let value = values.first else {
                throw fail(.wrongType, "expected one choice")
            }
            guard format.choices.contains(where: { $0.value == value }) else {
                throw fail(.notAChoice, "not one of the choices")
            }
        case .textChoice(let format):
            try Self.validateChoices(answer, format: format, fail: fail)
        case .boolean:
            guard case .boolean = answer else { throw fail(.wrongType, "expected yes or no") }
        case .numeric(let format):
            try Self.validateNumber(answer, format: format, fail: fail)
        case .text(let format):
            try Self.validateText(answer, format: format, fail: fail)
        case .socioEconomicLadder:
            guard case .integer(let rung) = answer else { throw fail(.wrongType, "expected a rung index") }
            guard (0..<LadderFormat.rungCount).contains(rung) else {
                throw fail(.outOfRange, "rung must be between 0 (top) and 9")
            }
        case .date(let format):
            guard case .date(let date) = answer else { throw fail(.wrongType, "expected a date") }
            if let minimum = format.minimum, date < minimum {
                throw fail(.outOfRange, "must be on or after \(minimum)")
            }
            if let maximum = format.maximum, date > maximum {
                throw fail(.outOfRange, "must be on or before \(maximum)")
            }
        case .dateTime(let format):
            guard case .dateTime(let date) = answer else { throw fail(.wrongType, "expected a date and time") }
            if let minimum = format.minimum, date < minimum { throw fail(.outOfRange, "is too early") }
            if let maximum = format.maximum, date > maximum { throw fail(.outOfRange, "is too late") }
        case .timeOfDay:
            guard case .timeOfDay = answer else { throw fail(.wrongType, "expected a time of day") }
        case .timeInterval(let format):
            guard case .interval(let seconds) = answer else { throw fail(.wrongType, "expected a duration") }
            guard seconds >= 0, seconds <= format.maximum else {
                throw fail(.outOfRange, "must be between 0 and \(Int(format.maximum / 60)) minutes")
            }
            let step = Double(format.stepMinutes) * 60
            guard step > 0, seconds.truncatingRemainder(dividingBy: step) == 0 else {
                throw fail(.notOnStep, "must be a multiple of \(format.stepMinutes) minutes")
            }
        case .height:
            guard case .decimal(let centimetres) = answer.asDecimal else {
                throw fail(.wrongType, "expected a height in cm")
            }
            guard HeightFormat.plausible.contains(centimetres) else {
                throw fail(.outOfRange, "must be between 1 and 300 cm")
            }
        case .weight(let format):
            guard case .decimal(let kilograms) = answer.asDecimal else {
                throw fail(.wrongType, "expected a weight in kg")
            }
            let lower = format.minimum ?? WeightFormat.plausible.lowerBound
            let upper = format.maximum ?? WeightFormat.plausible.upperBound
            guard kilograms >= lower, kilograms <= upper else {
                throw fail(.outOfRange, "must be between \(lower) and \(upper) kg")
            }
        case .location:
            guard case .location(let location) = answer else { throw fail(.wrongType, "expected a location") }
            guard location.isValid else {
                throw fail(.outOfRange, "latitude must be within ±90 and longitude within ±180")
            }
        }
    }

    private static func validateChoices(
        _ answer: Answer,
        format: TextChoiceFormat,
        fail: (ItemError.Code, String) -> AnswerError
    ) throws(AnswerError) {
        guard case .choices(let values, let otherText) = answer else { throw fail(.wrongType, "expected a choice") }
        guard !values.isEmpty else { throw fail(.noChoice, "pick at least one choice") }
        if format.style == .single, values.count != 1 { throw fail(.oneChoiceOnly, "pick exactly one choice") }
        guard Set(values).count == values.count else { throw fail(.duplicateChoice, "a choice is picked twice") }
        for value in values where !format.allValues.contains(value) {
            throw fail(.notAChoice, "not one of the choices")
        }
        let exclusive = format.choices.filter(\.isExclusive).map(\.value)
        if values.count > 1, values.contains(where: exclusive.contains) {
            throw fail(.exclusiveChoice, "an exclusive choice cannot be combined with others")
        }
        if let otherText {
            guard let other = format.other, values.contains(other.value) else {
                throw fail(.otherTextNotAllowed, "free text is only for the \"other\" choice")
            }
            if FreeText.hasControlCharacter(otherText, allowingLineBreaks: false) {
                throw fail(.controlCharacter, "the \"other\" text holds a control character")
            }
            if otherText.count > TextChoiceFormat.otherTextLimit {
                var error = fail(
                    .tooLong, "the \"other\" text is longer than \(TextChoiceFormat.otherTextLimit) characters")
                error.limit = TextChoiceFormat.otherTextLimit
                throw error
            }
        }
    }

    private static func validateNumber(
        _ answer: Answer,
        format: NumericFormat,
        fail: (ItemError.Code, String) -> AnswerError
    ) throws(AnswerError) {
        let value: Double
        switch (format.style, answer) {
        case (_, .integer(let number)): value = Double(number)
        case (.decimal, .decimal(let number)): value = number
        case (.integer, _): throw fail(.notAWholeNumber, "expected a whole number")
        default: throw fail(.notANumber, "expected a number")
        }
        guard value.isFinite else { throw fail(.notANumber, "expected a number") }
        let unit = format.unit.map { " \($0)" } ?? ""
        if let minimum = format.minimum, value < minimum {
            throw fail(.outOfRange, "must be at least \(minimum)\(unit)")
        }
        if let maximum = format.maximum, value > maximum {
            throw fail(.outOfRange, "must be at most \(maximum)\(unit)")
        }
    }

    private static func validateText(
        _ answer: Answer,
        format: TextFormat,
        fail: (ItemError.Code, String) -> AnswerError
    ) throws(AnswerError) {
        guard case .text(let text) = answer else { throw fail(.wrongType, "expected text") }
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw fail(.empty, "the answer is empty")
        }
        let limit = format.maximumLength > 0 ? format.maximumLength : TextFormat.unlimitedLength
        if text.count > limit {
            var error = fail(.tooLong, "longer than \(limit) characters")
            error.limit = limit
            throw error
        }
        if !format.multipleLines, text.contains(where: \.isNewline) { throw fail(.singleLine, "must be a single line") }
        if FreeText.hasControlCharacter(text, allowingLineBreaks: format.multipleLines) {
            throw fail(.controlCharacter, "holds a control character")
        }
        if let pattern = format.pattern {
            guard let expression = try? NSRegularExpression(pattern: "\\A(?:\(pattern))\\z") else {
                throw fail(.invalidPattern, "the question's validation pattern is invalid")
            }
            let range = NSRange(text.startIndex..., in: text)
            guard expression.firstMatch(in: text, options: [.anchored], range: range) != nil else {
                var error = fail(.patternMismatch, format.invalidMessage ?? "does not have the expected form")
                error.authorMessage = format.invalidMessage
                throw error
            }
        }
    }
}

extension Answer {
    /// An integer answer as a decimal, for formats that take either.
    var asDecimal: Answer {
        if case .integer(let value) = self { return .decimal(Double(value)) }
        return self
    }
}

extension AnswerFormat {
    /// The numbers this format accepts, carried on each of its errors so that a message can name them; `nil`
    /// for formats without numeric bounds. Durations are in seconds.
    public var bounds: ItemError.Bounds? {
        switch self {
        case .scale(let format):
            return ItemError.Bounds(
                minimum: Double(format.minimum), maximum: Double(format.maximum), step: Double(format.step))
        case .continuousScale(let format):
            return ItemError.Bounds(
                minimum: format.minimum, maximum: format.maximum, fractionDigits: format.fractionDigits)
        case .numeric(let format):
            return ItemError.Bounds(minimum: format.minimum, maximum: format.maximum)
        case .socioEconomicLadder:
            return ItemError.Bounds(minimum: 0, maximum: Double(LadderFormat.rungCount - 1), step: 1)
        case .timeInterval(let format):
            return ItemError.Bounds(minimum: 0, maximum: format.maximum, step: Double(format.stepMinutes) * 60)
        case .height:
            return ItemError.Bounds(HeightFormat.plausible)
        case .weight(let format):
            return ItemError.Bounds(
                minimum: format.minimum ?? WeightFormat.plausible.lowerBound,
                maximum: format.maximum ?? WeightFormat.plausible.upperBound)
        case .textScale, .textChoice, .boolean, .text, .date, .dateTime, .timeOfDay, .location:
            return nil
        }
    }
}
