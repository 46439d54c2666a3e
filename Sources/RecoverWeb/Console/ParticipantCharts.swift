import Care
import Recover
import RecoverData
import Web

/// The participant page's charts: pain and sleep per day (bars), knee range of motion over time (points), and the
/// KOOS subscale scores per questionnaire (a table, once there is one).
/// Values are chosen by their kind, never by position, so two series of one task never mix up.
enum ParticipantCharts {
    static let painKind = "checkin.form.pain"
    static let sleepKind = "checkin.form.sleep"
    static let rangeKind = "range"

    static func render(_ outcomes: [ConsoleQueries.TaskOutcome], today: LocalDate, days: Int, t: Localizer) -> HTML {
        let first = today.addingDays(1 - days)
        let dayList = (0..<days).map { first.addingDays($0) }
        let pain = series(outcomes, kind: painKind, days: dayList)
        let sleep = series(outcomes, kind: sleepKind, days: dayList)
        let range = series(outcomes, kind: rangeKind, days: dayList)
        let labels = dayList.map(\.description)
        let checkins = ConsoleChart.bars(
            id: "checkin-chart", title: t["console.chart.painSleep"],
            description: t["console.chart.painSleepDescription"],
            tableSummary: t["console.chart.showTable"], categoryName: t["console.chart.day"], categories: labels,
            series: [
                .init(name: t["console.kind.checkin.form.pain"], style: "pain", values: pain),
                .init(name: t["console.chart.sleepHours"], style: "sleep", values: sleep),
            ], maximum: 12, format: ConsoleFormat.number)
        let motion = ConsoleChart.points(
            id: "range-chart", title: t["console.chart.range"], description: t["console.chart.rangeDescription"],
            tableSummary: t["console.chart.showTable"], categoryName: t["console.chart.day"], categories: labels,
            series: .init(name: t["console.chart.rangeDegrees"], style: "rom", values: range),
            maximum: max(160, ((range.compactMap { $0 }.max() ?? 0) / 40).rounded(.up) * 40),
            format: ConsoleFormat.number)
        return "\(checkins)\(motion)\(kneeScores(outcomes, today: today, t: t))"
    }

    /// The KOOS subscale scores, a row per questionnaire day (0 to 100, higher is better); empty before the first.
    static func kneeScores(_ outcomes: [ConsoleQueries.TaskOutcome], today: LocalDate, t: Localizer) -> HTML {
        let scores = KneeScores(outcomes: outcomes.map(\.outcome), today: today)
        guard !scores.days.isEmpty else { return .empty }
        let subscales = KneeScores.Subscale.allCases
        let rows = scores.days.reversed().map { day in
            let cells = subscales.map { subscale in
                HTML("<td>\(day.scores[subscale].map(ConsoleFormat.number) ?? t["console.koos.noScore"])</td>")
            }
            return HTML("<tr><th scope=\"row\">\(day.day.description)</th>\(cells)</tr>")
        }
        let table = ConsoleLayout.table(
            caption: t["console.koos.caption"],
            head: [t["console.chart.day"]] + subscales.map { t["console.kind.\($0.rawValue)"] }, rows: rows)
        return """
            <h3>\(t["console.koos.title"])</h3>
            \(table)
            """
    }

    /// The value of `kind` on each day (the last recorded that day), nil on days without one.
    static func series(_ outcomes: [ConsoleQueries.TaskOutcome], kind: String, days: [LocalDate]) -> [Double?] {
        var byDay: [LocalDate: Double] = [:]
        for item in outcomes {
            guard let day = item.outcome.eventStart?.date else { continue }
            for value in item.outcome.values where value.kind == kind {
                if let number = value.numericValue { byDay[day] = number }
            }
        }
        return days.map { byDay[$0] }
    }
}
