import Foundation

extension QuestionnaireReader {
    static let choiceTypes: Set<String> = ["choice", "open-choice"]
    static let unsupportedTypes: Set<String> = ["attachment", "reference", "url", "question"]

    /// The answer format of a question, from its type, options and extensions; reports what it cannot map.
    mutating func answerFormat(_ item: JSONValue, at place: String, labels: inout SliderLabels) -> AnswerFormat? {
        let type = item["type"]?.stringValue ?? ""
        var extensions = ItemExtensions(item, reader: &self, at: place)
        let initials = item["initial"]?.arrayValue ?? []
        if initials.count > 1 { problem(place, "several initial answers cannot be mapped") }
        var initial = initials.first
        let repeats = item["repeats"]?.boolValue == true
        if repeats, !Self.choiceTypes.contains(type) {
            problem(place, "repeating answers can be mapped only for choice and open-choice items")
        }
        if item["maxLength"] != nil, type != "string", type != "text" {
            problem(place, "maxLength can be mapped only for string and text items")
        }
        if item["answerOption"] != nil, !Self.choiceTypes.contains(type) {
            problem(place, "answerOption can be mapped only for choice and open-choice items")
        }
        let slider = extensions.control == "slider" && (type == "integer" || type == "decimal")
        if slider || extensions.control.map(FHIRVocabulary.presentationControls.contains) == true {
            extensions.ignoreControl()
        }
        var placeholder = extensions.take(FHIRVocabulary.entryFormat).flatMap { value -> String? in
            guard let text = value["valueString"]?.stringValue else {
                problem(place, "entryFormat needs a valueString")
                return nil
            }
            return text
        }
        func takeInitial(_ key: String) -> JSONValue? {
            defer { initial = nil }
            guard let initial else { return nil }
            guard let value = initial[key] else {
                problem(place, "the initial answer must be a \(key)")
                return nil
            }
            return value
        }
        func bound(_ url: String, _ keys: [String]) -> JSONValue? {
            guard let found = extensions.take(url) else { return nil }
            for key in keys {
                if let value = found[key] { return value }
            }
            problem(place, "\(url.split(separator: "/").last ?? "") needs one of \(keys.joined(separator: ", "))")
            return nil
        }
        func number(_ url: String, _ keys: [String]) -> Double? {
            guard let value = bound(url, keys) else { return nil }
            if let quantity = value["value"]?.numberValue { return quantity }
            guard let number = value.numberValue else {
                problem(place, "\(url.split(separator: "/").last ?? "") must be a number")
                return nil
            }
            return number
        }
        func unit() -> String? {
            guard let coding = extensions.take(FHIRVocabulary.unit) ?? extensions.take(FHIRVocabulary.unitOption)
            else { return nil }
            if extensions.take(FHIRVocabulary.unitOption) != nil {
                problem(place, "several unit options cannot be mapped: the engine takes one unit")
            }
            return coding["valueCoding"].flatMap(Self.unitText)
        }
        let format: AnswerFormat?
        switch type {
        case "boolean":
            format = .boolean(BooleanFormat())
        case "integer" where slider:
            let minimum = number(FHIRVocabulary.minValue, ["valueInteger"]).flatMap { Int(exactly: $0) }
            let maximum = number(FHIRVocabulary.maxValue, ["valueInteger"]).flatMap { Int(exactly: $0) }
            let step = extensions.take(FHIRVocabulary.sliderStepValue).map { $0["valueInteger"]?.integerValue }
            if case .some(nil) = step { problem(place, "sliderStepValue must be a valueInteger") }
            let initialValue = takeInitial("valueInteger")
            let defaultValue = initialValue.flatMap(\.integerValue)
            if initialValue != nil, defaultValue == nil {
                problem(place, "the initial valueInteger must be a whole number")
            }
            guard let minimum, let maximum else {
                problem(place, "a slider needs whole-number minValue and maxValue extensions")
                return nil
            }
            format = .scale(
                ScaleFormat(
                    minimum: minimum, maximum: maximum, step: (step ?? 1) ?? 1, defaultValue: defaultValue,
                    minimumDescription: labels.lower, maximumDescription: labels.upper))
            labels = SliderLabels()
        case "decimal" where slider:
            let minimum = number(FHIRVocabulary.minValue, ["valueDecimal", "valueInteger"])
            let maximum = number(FHIRVocabulary.maxValue, ["valueDecimal", "valueInteger"])
            let places = extensions.take(FHIRVocabulary.maxDecimalPlaces).map { $0["valueInteger"]?.integerValue }
            if case .some(nil) = places { problem(place, "maxDecimalPlaces must be a valueInteger") }
            let initialValue = takeInitial("valueDecimal")
            let defaultValue = initialValue.flatMap(\.numberValue)
            if initialValue != nil, defaultValue == nil { problem(place, "the initial valueDecimal must be a number") }
            guard let minimum, let maximum else {
                problem(place, "a slider needs minValue and maxValue extensions")
                return nil
            }
            format = .continuousScale(
                ContinuousScaleFormat(
                    minimum: minimum, maximum: maximum, fractionDigits: (places ?? 0) ?? 0, defaultValue: defaultValue,
                    minimumDescription: labels.lower, maximumDescription: labels.upper))
            labels = SliderLabels()
        case "integer", "decimal":
            let keys = type == "integer" ? ["valueInteger"] : ["valueDecimal", "valueInteger"]
            format = .numeric(
                NumericFormat(
                    style: type == "integer" ? .integer : .decimal, unit: unit(),
                    minimum: number(FHIRVocabulary.minValue, keys), maximum: number(FHIRVocabulary.maxValue, keys),
                    placeholder: placeholder))
            placeholder = nil
        case "quantity":
            let minimum =
                number(FHIRVocabulary.minQuantity, ["valueQuantity"])
                ?? number(FHIRVocabulary.minValue, ["valueDecimal", "valueInteger"])
            let maximum =
                number(FHIRVocabulary.maxQuantity, ["valueQuantity"])
                ?? number(FHIRVocabulary.maxValue, ["valueDecimal", "valueInteger"])
            format = .numeric(
                NumericFormat(
                    style: .decimal, unit: unit(), minimum: minimum, maximum: maximum, placeholder: placeholder))
            placeholder = nil
        case "date":
            format = .date(
                DateFormat(
                    minimum: date(bound(FHIRVocabulary.minValue, ["valueDate"]), at: place),
                    maximum: date(bound(FHIRVocabulary.maxValue, ["valueDate"]), at: place)))
        case "dateTime":
            format = .dateTime(
                DateTimeFormat(
                    minimum: dateTime(bound(FHIRVocabulary.minValue, ["valueDateTime"]), at: place),
                    maximum: dateTime(bound(FHIRVocabulary.maxValue, ["valueDateTime"]), at: place)))
        case "time":
            format = .timeOfDay(TimeOfDayFormat(defaultValue: time(takeInitial("valueTime"), at: place)))
        case "string", "text":
            var maximumLength = 0
            if let value = item["maxLength"] {
                if let length = value.integerValue, length > 0, length <= TextFormat.unlimitedLength {
                    maximumLength = length
                } else {
                    problem(place, "maxLength must be a whole number from 1 to \(TextFormat.unlimitedLength)")
                }
            }
            format = .text(
                TextFormat(maximumLength: maximumLength, multipleLines: type == "text", placeholder: placeholder))
            placeholder = nil
        case "choice", "open-choice":
            let choices = self.choices(item, at: place)
            let other =
                type == "open-choice"
                ? TextChoiceFormat.Other(
                    text: FHIRVocabulary.otherLabel(language: language), value: FHIRVocabulary.otherValue,
                    placeholder: placeholder) : nil
            placeholder = nil
            format = choices.map {
                .textChoice(TextChoiceFormat(style: repeats ? .multiple : .single, choices: $0, other: other))
            }
        case "":
            problem(place, "the item has no type")
            format = nil
        default:
            problem(place, "unsupported item type '\(type)'")
            format = nil
        }
        if initial != nil { problem(place, "an initial answer cannot be mapped for a \(type) item") }
        if placeholder != nil { problem(place, "entryFormat cannot be mapped for a \(type) item") }
        extensions.finish(reader: &self, at: place)
        return format
    }

    /// The options of a choice item.
    mutating func choices(_ item: JSONValue, at place: String) -> [Choice]? {
        guard let options = item["answerOption"]?.arrayValue, !options.isEmpty else {
            problem(place, "a choice item needs answerOption (answerValueSet cannot be mapped)")
            return nil
        }
        var choices: [Choice] = []
        for (index, option) in options.enumerated() {
            let here = "\(place) answerOption[\(index)]"
            for key in (option.objectValue ?? [:]).keys.sorted()
            where !["valueCoding", "valueString", "valueInteger", "extension", "id"].contains(key) {
                problem(
                    here,
                    key == "initialSelected" ? "a preselected option cannot be mapped" : "'\(key)' cannot be mapped")
            }
            var exclusive = false
            for each in option["extension"]?.arrayValue ?? [] {
                if each["url"]?.stringValue == FHIRVocabulary.optionExclusive,
                    let flag = each["valueBoolean"]?.boolValue
                {
                    exclusive = flag
                } else {
                    problem(here, "unsupported extension '\(each["url"]?.stringValue ?? "(no url)")'")
                }
            }
            guard let value = Self.optionValue(option) else {
                problem(here, "an option needs a valueCoding with a code, a valueString or a valueInteger")
                continue
            }
            let label = option["valueCoding"].map { $0["display"]?.stringValue ?? value } ?? value
            choices.append(Choice(text: label, value: value, isExclusive: exclusive))
        }
        return choices
    }

    mutating func date(_ value: JSONValue?, at place: String) -> CalendarDate? {
        guard let value else { return nil }
        guard let text = value.stringValue, let date = CalendarDate(text) else {
            problem(place, "expected a full date like 2026-05-04")
            return nil
        }
        return date
    }

    mutating func dateTime(_ value: JSONValue?, at place: String) -> Date? {
        guard let value else { return nil }
        guard let text = value.stringValue, let date = SurveyJSON.parseDate(text) else {
            problem(place, "expected a date and time with an offset, like 2026-05-04T08:30:00+02:00")
            return nil
        }
        return date
    }

    mutating func time(_ value: JSONValue?, at place: String) -> TimeOfDay? {
        guard let value else { return nil }
        guard let text = value.stringValue, let time = TimeOfDay(text) else {
            problem(place, "expected a time like 08:30:00 (whole minutes)")
            return nil
        }
        return time
    }
}
