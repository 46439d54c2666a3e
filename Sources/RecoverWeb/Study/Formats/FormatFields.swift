import Foundation
import Research

/// The fields the format widgets post, turned into the fields the survey engine parses, and back.
///
/// Only conversions live here (feet and inches to centimetres, hours and minutes to a duration, the "don't
/// know" box to the engine's `dontKnow` value, the body model's picks to its JSON payload). Whatever cannot
/// be converted is passed on as typed, so the engine refuses it with its own message: the engine stays the
/// one place that validates answers.
enum FormatFields {
    static let centimetresPerInch = 2.54
    static let kilogramsPerPound = 0.453_592_37
    /// The posted field of the body model's picks, one per part.
    static let parts = "parts"

    /// `fields` as the engine reads them for `step`.
    static func engineFields(_ fields: [String: [String]], for step: Step) -> [String: [String]] {
        var result = fields
        if case .bodyModel = step.kind {
            let picked = (fields[parts] ?? []).filter { !$0.isEmpty }
            let json = JSONValue.object(["selected": .array(picked.map { .string($0) })])
            result["payload"] = [(try? SurveyJSON.encode(json)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"]
            return result
        }
        for item in step.items {
            let id = item.id
            func first(_ suffix: String) -> String {
                (fields["\(id).\(suffix)"]?.first ?? "").trimmingCharacters(in: .whitespaces)
            }
            if item.answerFormat.allowsDontKnow, first("dontKnow") == "true" {
                result[id] = [AnswerFormat.dontKnowValue]
                continue
            }
            switch item.answerFormat {
            case .height where first("unit") == MeasurementSystem.usCustomary.rawValue:
                result[id] = [converted(first("feet"), first("inches"), scale: centimetresPerInch)]
            case .weight where first("unit") == MeasurementSystem.usCustomary.rawValue:
                result[id] = [converted(first("pounds"), nil, scale: kilogramsPerPound)]
            case .timeInterval:
                result[id] = [duration(hours: first("hours"), minutes: first("minutes"))]
            case .location where (fields[id]?.first ?? "").isEmpty:
                let latitude = first("latitude")
                let longitude = first("longitude")
                result[id] = latitude.isEmpty && longitude.isEmpty ? [] : ["\(latitude),\(longitude)"]
            default:
                break
            }
        }
        return result
    }

    /// Feet and inches (or pounds) in the metric unit; what was typed when a part is not a number, is negative,
    /// or the sum is too large to be a number.
    static func converted(_ major: String, _ minor: String?, scale: Double) -> String {
        if major.isEmpty, (minor ?? "").isEmpty { return "" }
        let typed = [major, minor ?? ""].joined(separator: " ")
        guard let whole = major.isEmpty ? 0 : Double(major), whole.isFinite, whole >= 0,
            let part = (minor ?? "").isEmpty ? 0 : Double(minor ?? ""), part.isFinite, part >= 0
        else { return typed }
        let value = minor == nil ? whole * scale : (whole * 12 + part) * scale
        let tenths = (value * 10).rounded() / 10
        return tenths.isFinite ? String(tenths) : typed
    }

    /// Hours and minutes as seconds; what was typed when the minutes are not 0...59, a part is not whole or is
    /// negative, or the seconds do not fit an `Int` (`hours=9999999999999999`): the engine refuses that as a
    /// duration it cannot read, never a trap.
    static func duration(hours: String, minutes: String) -> String {
        if hours.isEmpty, minutes.isEmpty { return "" }
        let typed = "\(hours):\(minutes)"
        guard let hour = hours.isEmpty ? 0 : Int(hours), let minute = minutes.isEmpty ? 0 : Int(minutes),
            hour >= 0, (0...59).contains(minute)
        else { return typed }
        let (hourSeconds, hoursOverflow) = hour.multipliedReportingOverflow(by: 3600)
        let (seconds, sumOverflow) = hourSeconds.addingReportingOverflow(minute * 60)
        return hoursOverflow || sumOverflow ? typed : String(seconds)
    }

    /// The widget fields that show `answer` again (after Back or Edit).
    static func draftFields(_ item: FormItem, answer: Answer, zone: TimeZone) -> [String: [String]] {
        let id = item.id
        switch (item.answerFormat, answer) {
        case (_, .dontKnow):
            return ["\(id).dontKnow": ["true"], id: [AnswerFormat.dontKnowValue]]
        case (.height, .decimal(let centimetres)):
            return [id: [String(centimetres)], "\(id).unit": [MeasurementSystem.metric.rawValue]]
        case (.weight, .decimal(let kilograms)):
            return [id: [String(kilograms)], "\(id).unit": [MeasurementSystem.metric.rawValue]]
        case (.timeInterval, .interval(let seconds)):
            return [
                "\(id).hours": [String(Int(saturating: seconds) / 3600)],
                "\(id).minutes": [String(Int(saturating: seconds) % 3600 / 60)],
            ]
        case (.location, .location(let location)):
            return ["\(id).latitude": [String(location.latitude)], "\(id).longitude": [String(location.longitude)]]
        case (.dateTime, .dateTime(let date)):
            return [id: [localDateTime(date, zone: zone)]]
        default:
            var fields = [id: answer.formValues]
            if let other = answer.otherText { fields["\(id).other"] = [other] }
            return fields
        }
    }

    /// `2026-05-04T08:30` in `zone`, as a `datetime-local` input shows it.
    static func localDateTime(_ date: Date, zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0,
            parts.minute ?? 0)
    }
}
