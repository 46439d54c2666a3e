import Foundation

extension QuestionnaireWriter {
    /// A question item: its type, options and extensions from the answer format, its condition from `visibleWhen`.
    mutating func question(_ formItem: FormItem, of step: Step) -> Object {
        let place = Self.place(step, formItem)
        var item: Object = ["linkId": .string(claim(formItem.id, at: place)), "text": .string(formItem.text)]
        if !formItem.isOptional { item["required"] = .bool(true) }
        var extensions: [JSONValue] = []
        var children: [JSONValue] = []
        if let detail = formItem.detail {
            children.append(display("\(formItem.id).detail", detail, control: "inline", at: place))
        }
        func ext(_ url: String, _ key: String, _ value: JSONValue) {
            extensions.append(.object(["url": .string(url), key: value]))
        }
        func labels(_ lower: String?, _ upper: String?) {
            if let lower { children.append(display("\(formItem.id).lower", lower, control: "lower", at: place)) }
            if let upper { children.append(display("\(formItem.id).upper", upper, control: "upper", at: place)) }
        }
        func placeholder(_ text: String?) {
            if let text { ext(FHIRVocabulary.entryFormat, "valueString", .string(text)) }
        }
        func unit(_ url: String, _ text: String) {
            ext(url, "valueCoding", .object(["display": .string(text)]))
        }
        func whole(_ value: Double?, _ url: String) {
            guard let value else { return }
            if let number = Int(exactly: value) {
                ext(url, "valueInteger", .integer(number))
            } else {
                problem(place, "a whole-number question's bound \(value) is not a whole number")
            }
        }
        let type: String
        switch formItem.answerFormat {
        case .boolean(let format):
            type = "boolean"
            if format.yesText != nil || format.noText != nil {
                problem(place, "custom yes and no labels cannot be expressed")
            }
        case .numeric(let format) where format.style == .integer:
            type = "integer"
            if let text = format.unit { unit(FHIRVocabulary.unit, text) }
            whole(format.minimum, FHIRVocabulary.minValue)
            whole(format.maximum, FHIRVocabulary.maxValue)
            placeholder(format.placeholder)
        case .numeric(let format):
            if let text = format.unit {
                type = "quantity"
                unit(FHIRVocabulary.unitOption, text)
                for (url, value) in [
                    (FHIRVocabulary.minQuantity, format.minimum), (FHIRVocabulary.maxQuantity, format.maximum),
                ] {
                    if let value {
                        ext(url, "valueQuantity", .object(["value": .number(value), "unit": .string(text)]))
                    }
                }
            } else {
                type = "decimal"
                if let value = format.minimum { ext(FHIRVocabulary.minValue, "valueDecimal", .number(value)) }
                if let value = format.maximum { ext(FHIRVocabulary.maxValue, "valueDecimal", .number(value)) }
            }
            placeholder(format.placeholder)
        case .scale(let format):
            type = "integer"
            extensions.append(Self.itemControl("slider"))
            ext(FHIRVocabulary.minValue, "valueInteger", .integer(format.minimum))
            ext(FHIRVocabulary.maxValue, "valueInteger", .integer(format.maximum))
            ext(FHIRVocabulary.sliderStepValue, "valueInteger", .integer(format.step))
            if let value = format.defaultValue {
                item["initial"] = .array([.object(["valueInteger": .integer(value)])])
            }
            labels(format.minimumDescription, format.maximumDescription)
            if format.vertical { problem(place, "a vertical slider cannot be expressed") }
            if format.dontKnow != nil { problem(place, "a \"don't know\" button cannot be expressed") }
        case .continuousScale(let format):
            type = "decimal"
            extensions.append(Self.itemControl("slider"))
            ext(FHIRVocabulary.minValue, "valueDecimal", .number(format.minimum))
            ext(FHIRVocabulary.maxValue, "valueDecimal", .number(format.maximum))
            ext(FHIRVocabulary.maxDecimalPlaces, "valueInteger", .integer(format.fractionDigits))
            if let value = format.defaultValue { item["initial"] = .array([.object(["valueDecimal": .number(value)])]) }
            labels(format.minimumDescription, format.maximumDescription)
            if format.vertical { problem(place, "a vertical slider cannot be expressed") }
            if format.dontKnow != nil { problem(place, "a \"don't know\" button cannot be expressed") }
        case .text(let format):
            type = format.multipleLines ? "text" : "string"
            if format.maximumLength > 0 { item["maxLength"] = .integer(format.maximumLength) }
            placeholder(format.placeholder)
            if format.pattern != nil { problem(place, "a text pattern cannot be expressed") }
            if format.showsCharacterCount || format.showsClearButton {
                problem(place, "a character count or clear button cannot be expressed")
            }
        case .textChoice(let format):
            type = format.other == nil ? "choice" : "open-choice"
            if format.style == .multiple { item["repeats"] = .bool(true) }
            item["answerOption"] = .array(format.choices.map { option($0, at: place) })
            if let other = format.other {
                if !FHIRVocabulary.otherLabels.contains(other.text) || other.value != FHIRVocabulary.otherValue {
                    problem(place, "an 'other' choice is expressed as open-choice, labelled Other and valued 'other'")
                }
                placeholder(other.placeholder)
            }
        case .date(let format):
            type = "date"
            if let value = format.minimum { ext(FHIRVocabulary.minValue, "valueDate", .string(value.description)) }
            if let value = format.maximum { ext(FHIRVocabulary.maxValue, "valueDate", .string(value.description)) }
        case .dateTime(let format):
            type = "dateTime"
            for (url, value) in [(FHIRVocabulary.minValue, format.minimum), (FHIRVocabulary.maxValue, format.maximum)] {
                if let value { ext(url, "valueDateTime", .string(SurveyJSON.formatDate(value))) }
            }
        case .timeOfDay(let format):
            type = "time"
            if let value = format.defaultValue {
                item["initial"] = .array([.object(["valueTime": .string("\(value.description):00")])])
            }
        case .socioEconomicLadder:
            problem(place, "a socio-economic ladder cannot be expressed")
            type = "integer"
            ext(FHIRVocabulary.minValue, "valueInteger", .integer(0))
            ext(FHIRVocabulary.maxValue, "valueInteger", .integer(LadderFormat.rungCount - 1))
        case .textScale(let format):
            problem(place, "a text scale cannot be expressed (a choice item has no slider)")
            type = "choice"
            item["answerOption"] = .array(format.choices.map { option($0, at: place) })
        case .timeInterval, .height, .weight:
            problem(place, "a \(formItem.answerFormat.typeName) answer cannot be expressed")
            type = "quantity"
        case .location:
            problem(place, "a location answer cannot be expressed")
            type = "string"
        }
        item["type"] = .string(type)
        if !extensions.isEmpty { item["extension"] = .array(extensions) }
        if !children.isEmpty { item["item"] = .array(children) }
        if let condition = formItem.visibleWhen { addCondition(condition, to: &item, at: place) }
        return item
    }

    /// An `answerOption`: a string when the label is the value, else a coding with the label as its display.
    mutating func option(_ choice: Choice, at place: String) -> JSONValue {
        var option: Object =
            choice.text == choice.value
            ? ["valueString": .string(choice.value)]
            : ["valueCoding": .object(["code": .string(choice.value), "display": .string(choice.text)])]
        if choice.isExclusive {
            option["extension"] = .array([
                .object(["url": .string(FHIRVocabulary.optionExclusive), "valueBoolean": .bool(true)])
            ])
        }
        if choice.detail != nil { problem(place, "the detail of the option '\(choice.value)' cannot be expressed") }
        return .object(option)
    }
}
