import ExportFormats
import Foundation
import HealthImport
import RecoverData

/// An Observation per stored Apple Health daily figure: a day's total (steps, distance, energy, sleep) as
/// `valueQuantity` per day, or a day's readings (heart rate, blood pressure) as their mean with the minimum,
/// maximum and reading count as components; `effectivePeriod` is the participant's local day (for sleep, the
/// night of 18:00 the day before to 18:00 on the wake-up date) with the zone's offsets (docs/exports.md).
enum FHIRHealthObservation {
    /// The resource id of a participant's figure of `type` on `day`.
    static func id(patientID: String, day: HealthDay, type: HealthType) -> String {
        FHIRReference.id("Observation", "health_daily/\(patientID)/\(day)/\(type.rawValue)")
    }

    static func resource(
        _ record: HealthDailyRecord, participantID: String, patientID: String, zone: TimeZone
    ) -> JSONNode {
        let figure = record.figure
        let code = FHIRHealthCode(figure.type)
        var members: [(String, JSONNode)] = [
            ("resourceType", .string("Observation")),
            ("id", .string(id(patientID: patientID, day: figure.day, type: figure.type))),
            ("status", .string("final")),
            ("category", .array([FHIRCodes.concept([FHIRCodes.coding(FHIRCodes.observationCategory, code.category)])])),
            ("code", code.concept), ("subject", FHIRReference.reference(patientID)),
            ("effectivePeriod", period(figure, zone: zone)),
        ]
        if let importedAt = record.importedAt {
            members.append(("issued", .string(StoredInstant.text(of: importedAt))))
        }
        if let total = figure.total {
            members.append(("valueQuantity", code.quantity(figure.type == .sleepAnalysis ? total / 3600 : total)))
        } else if let mean = figure.mean {
            members.append(("valueQuantity", code.quantity(mean)))
            var components: [JSONNode] = []
            if let minimum = figure.minimum {
                components.append(component("minimum", "Lowest reading of the day", code.quantity(minimum)))
            }
            if let maximum = figure.maximum {
                components.append(component("maximum", "Highest reading of the day", code.quantity(maximum)))
            }
            if let count = figure.count {
                components.append(
                    component("reading-count", "Readings of the day", .integer(count), key: "valueInteger"))
            }
            members.append(("component", .array(components)))
        } else {
            members.append(
                ("dataAbsentReason", FHIRCodes.concept([FHIRCodes.coding(dataAbsentReason, "unknown", "Unknown")])))
        }
        members.append(("method", .object([("text", .string(method))])))
        return .object(members)
    }

    /// What `method` says of every health Observation.
    static let method = "Daily aggregate computed by Recover from the participant's Apple Health export (export.zip)"

    static let dataAbsentReason = "http://terminology.hl7.org/CodeSystem/data-absent-reason"

    /// A component for one statistic of the day's readings, coded under Recover's own system: LOINC has no
    /// general "minimum of the day" for these codes, and a component must not repeat the Observation's code
    /// (obs-7).
    private static func component(
        _ statistic: String, _ text: String, _ value: JSONNode, key: String = "valueQuantity"
    ) -> JSONNode {
        .object([
            ("code", FHIRCodes.concept([FHIRCodes.coding(FHIRCodes.dailyStatistic, statistic)], text: text)),
            (key, value),
        ])
    }

    /// The local day (or, for sleep, the night ending on it) as a Period with the zone's offsets.
    static func period(_ figure: HealthDailyFigure, zone: TimeZone) -> JSONNode {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let day = figure.day
        func instant(dayOffset: Int, hour: Int) -> Date? {
            let noon = calendar.date(
                from: DateComponents(year: day.year, month: day.month, day: day.day + dayOffset, hour: 12))
            guard let noon else { return nil }
            // The start of a day through startOfDay: midnight does not exist in every zone on every day.
            let start = calendar.startOfDay(for: noon)
            return hour == 0 ? start : calendar.date(bySettingHour: hour, minute: 0, second: 0, of: noon)
        }
        let bounds =
            figure.type == .sleepAnalysis
            ? (instant(dayOffset: -1, hour: 18), instant(dayOffset: 0, hour: 18))
            : (instant(dayOffset: 0, hour: 0), instant(dayOffset: 1, hour: 0))
        var members: [(String, JSONNode)] = []
        if let start = bounds.0 { members.append(("start", .string(offsetDateTime(start, in: zone)))) }
        if let end = bounds.1 { members.append(("end", .string(offsetDateTime(end, in: zone)))) }
        return .object(members)
    }

    /// `YYYY-MM-DDTHH:MM:SS±HH:MM` of `date` in `zone` (FHIR's dateTime with an offset).
    static func offsetDateTime(_ date: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let offset = zone.secondsFromGMT(for: date)
        func two(_ value: Int?) -> String {
            let number = value ?? 0
            return number < 10 ? "0\(number)" : String(number)
        }
        let year = String(parts.year ?? 0)
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        return "\(String(repeating: "0", count: max(0, 4 - year.count)))\(year)-\(two(parts.month))-\(two(parts.day))"
            + "T\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))\(sign)\(two(minutes / 60)):\(two(minutes % 60))"
    }
}
