import Care
import Foundation
import Research
import Web

/// An answer as the participant reads it, in their language (the engine's `displayText` is English only).
enum AnswerText {
    static func text(_ answer: Answer, for item: FormItem, t: Localizer, zone: TimeZone) -> String {
        switch (item.answerFormat, answer) {
        case (_, .skipped): return t["format.skipped"]
        case (.scale(let format), .dontKnow): return format.dontKnow?.text ?? t["format.dontKnow"]
        case (.continuousScale(let format), .dontKnow): return format.dontKnow?.text ?? t["format.dontKnow"]
        case (.textScale(let format), .dontKnow): return format.dontKnow?.text ?? t["format.dontKnow"]
        case (_, .dontKnow): return t["format.dontKnow"]
        case (.socioEconomicLadder, .integer(let index)):
            return t("format.ladder.rung", ["number": String(LadderFormat.rungCount - index)])
        case (.numeric(let format), _):
            let number = answer.numericValue.map(number) ?? answer.displayText
            return format.unit.map { "\(number) \($0)" } ?? number
        case (.continuousScale(let format), .decimal(let value)):
            return String(format: "%.\(max(0, min(format.fractionDigits, 4)))f", value)
        case (.height, .decimal(let centimetres)):
            let inches = centimetres / FormatFields.centimetresPerInch
            return t(
                "format.height.shown",
                [
                    "cm": number(centimetres), "ft": String(Int(saturating: inches) / 12),
                    "in": String(Int(saturating: (inches - Double(Int(saturating: inches) / 12) * 12).rounded())),
                ])
        case (.weight, .decimal(let kilograms)):
            return t(
                "format.weight.shown",
                [
                    "kg": number(kilograms),
                    "lb": number((kilograms / FormatFields.kilogramsPerPound * 10).rounded() / 10),
                ])
        case (.textChoice(let format), .choices(let values, let other)):
            let names = values.map { value in
                if let choice = format.choices.first(where: { $0.value == value }) { return choice.text }
                if let otherChoice = format.other, otherChoice.value == value {
                    return other.map { t("answer.other", ["choice": otherChoice.text, "text": $0]) } ?? otherChoice.text
                }
                return value
            }
            return StudyText.list(names, t)
        case (.textScale(let format), .choices(let values, _)):
            return StudyText.list(values.map { value in format.choices.first { $0.value == value }?.text ?? value }, t)
        case (.boolean(let format), .boolean(let yes)):
            return yes ? (format.yesText ?? t["survey.yes"]) : (format.noText ?? t["survey.no"])
        case (_, .date(let day)):
            return LocalDate(day.description).map { StudyText.longDate($0, t) } ?? day.description
        case (_, .dateTime(let date)):
            let local = FormatFields.localDateTime(date, zone: zone)
            let day = LocalDate(String(local.prefix(10))).map { StudyText.longDate($0, t) } ?? String(local.prefix(10))
            return "\(day) \(local.suffix(5))"
        case (_, .interval(let seconds)):
            return t(
                "format.interval.shown",
                [
                    "hours": String(Int(saturating: seconds) / 3600),
                    "minutes": String(Int(saturating: seconds) % 3600 / 60),
                ])
        case (_, .location(let place)):
            return place.address ?? "\(number(place.latitude)), \(number(place.longitude))"
        default:
            return answer.displayText
        }
    }

    /// 3, 2.5, 70.25: no trailing ".0".
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
