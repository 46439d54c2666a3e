import Foundation
import HealthImport
import RecoverData
import Web

/// The console participant page's Apple Health section: what the participant allows the study to read, their
/// last import (counts only) and a table of the last ``ConsoleParticipantView/healthDays`` days, one row per
/// day with data and one column per type present.
enum HealthConsoleSection {
    static func render(_ view: ConsoleParticipantView, zone: TimeZone, t: Localizer) -> HTML {
        let allowed = view.healthGrants.filter(\.granted).map { t["health.\($0.type.rawValue)"] }
        let grants =
            view.healthGrants.isEmpty
            ? t["console.health.notAsked"]
            : t(
                "console.health.allowed",
                [
                    "types": allowed.isEmpty
                        ? t["console.health.none"] : allowed.joined(separator: t["console.health.listSeparator"])
                ])
        let last: HTML =
            view.healthImports.last.map { record in
                HTML(
                    """
                    <p>\(t("console.health.lastImport", [
                        "date": ConsoleFormat.dateTime(record.importedAt, in: zone),
                        "read": HealthPage.grouped(record.recordsRead), "kept": HealthPage.grouped(record.recordsKept),
                        "days": HealthPage.grouped(record.daysStored),
                    ]))</p>
                    """)
            } ?? "<p>\(t["console.health.noImport"])</p>"
        return """
            <section class="card" aria-labelledby="health-heading">
            <h2 id="health-heading">\(t["console.health.title"])</h2>
            <p>\(grants)</p>
            \(last)
            \(table(view.health, t: t))
            </section>
            """
    }

    /// The columns in a fixed order, the types without any figure left out.
    static func table(_ figures: [HealthDailyFigure], t: Localizer) -> HTML {
        guard !figures.isEmpty else { return .empty }
        let types = HealthType.allCases.filter { type in figures.contains { $0.type == type } }
        let byDay = Dictionary(grouping: figures, by: \.day)
        let rows = byDay.keys.sorted(by: >).map { day in
            let cells = types.map { type -> HTML in
                guard let figure = byDay[day]?.first(where: { $0.type == type }) else { return "<td>–</td>" }
                return "<td>\(value(figure))</td>"
            }
            return HTML("<tr><th scope=\"row\">\(day.description)</th>\(cells)</tr>")
        }
        return ConsoleLayout.table(
            caption: t("console.health.caption", ["days": String(ConsoleParticipantView.healthDays)]),
            head: [t["console.health.day"]] + types.map { t["console.health.column.\($0.rawValue)"] }, rows: rows)
    }

    /// A figure as the table writes it: steps whole, metres as km, kcal whole, seconds asleep as hours, and
    /// readings as mean (minimum–maximum).
    static func value(_ figure: HealthDailyFigure) -> String {
        switch figure.type {
        case .stepCount: return figure.total.map { HealthPage.grouped(Int($0.rounded())) } ?? "–"
        case .distanceWalkingRunning: return figure.total.map { String(format: "%.1f", $0 / 1000) } ?? "–"
        case .activeEnergyBurned, .basalEnergyBurned:
            return figure.total.map { HealthPage.grouped(Int($0.rounded())) } ?? "–"
        case .sleepAnalysis: return figure.total.map { String(format: "%.1f", $0 / 3600) } ?? "–"
        case .heartRate, .bloodPressureSystolic, .bloodPressureDiastolic:
            guard let mean = figure.mean, let low = figure.minimum, let high = figure.maximum else { return "–" }
            return "\(Int(mean.rounded())) (\(Int(low.rounded()))–\(Int(high.rounded())))"
        }
    }
}
