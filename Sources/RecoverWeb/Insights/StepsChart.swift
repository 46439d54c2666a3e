import Care
import Recover
import Web

/// Steps per day for the same four weeks as the pain chart, from the participant's shared Apple Health data:
/// one bar a day (a day without steps has no bar), a summary sentence, and a table with the day's steps beside
/// its pain score.
struct StepsChart {
    /// One day: its steps (from Health) and its pain (from the check-in), each possibly missing.
    struct Day {
        let day: LocalDate
        let steps: Double?
        let pain: Double?
    }

    let days: [Day]
    let t: Localizer

    private var format: ChartFormat { ChartFormat(t: t) }

    private var frame: DailyBarFrame {
        DailyBarFrame(
            days: days.map(\.day), left: 42, maximum: maximum, gridStep: maximum / 4,
            gridLabel: { HealthPage.grouped(Int($0)) }, yTitle: t["insights.steps.yAxis"], format: format)
    }

    /// The days of the check-in chart with the steps of `steps` (keyed by `YYYY-MM-DD`).
    init(checkinDays: [CheckinDay], steps: [String: Double], t: Localizer) {
        days = checkinDays.map { Day(day: $0.day, steps: steps[$0.day.description], pain: $0.pain) }
        self.t = t
    }

    /// Whether any day has steps.
    var hasSteps: Bool { days.contains { $0.steps != nil } }

    /// The top of the scale: the largest day rounded up to a multiple of 2,000 (at least 2,000).
    var maximum: Double {
        let largest = days.compactMap(\.steps).max() ?? 0
        return max(2_000, (largest / 2_000).rounded(.up) * 2_000)
    }

    /// "You walked 4,210 steps a day on average over the last 7 days with steps." (or that none were shared).
    var summary: String {
        let recent = days.suffix(7).compactMap(\.steps)
        guard !recent.isEmpty else { return t["insights.steps.summary.none"] }
        let mean = recent.reduce(0, +) / Double(recent.count)
        return t(
            "insights.steps.summary",
            ["steps": HealthPage.grouped(Int(mean.rounded())), "days": String(recent.count)])
    }

    func figure() -> HTML {
        frame.figure(
            id: "steps", title: t["insights.steps.chartTitle"], summary: summary, bars: bars,
            series: [("chart-swatch--steps", t["insights.steps.series"])])
    }

    /// One row per day: steps beside pain, "not recorded" for what is missing.
    var table: HTML {
        let rows = days.map { day in
            HTML(
                """
                <tr><th scope="row">\(day.day.description)</th>\
                \(frame.cell(day.steps.map { HealthPage.grouped(Int($0.rounded())) }))\
                \(frame.cell(day.pain.map(format.recorded)))</tr>
                """)
        }
        return frame.table(
            caption: t["insights.steps.tableCaption"],
            columns: [t["insights.steps.series"], t["insights.checkin.pain"]],
            rows: rows)
    }

    private var bars: HTML {
        let c = ChartFormat.coordinate
        let frame = frame
        let slot = frame.slot
        let barWidth = slot * 0.7
        return days.enumerated().compactMap { index, day -> HTML? in
            guard let steps = day.steps else { return nil }
            let top = frame.y(steps)
            return """
                <rect class="chart-bar--steps" x="\(c(frame.left + slot * Double(index) + slot * 0.15))" \
                y="\(c(top))" width="\(c(barWidth))" height="\(c(max(frame.y(0) - top, 1)))"/>
                """
        }.joined
    }
}
