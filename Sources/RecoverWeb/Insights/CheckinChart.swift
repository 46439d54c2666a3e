import Care
import Recover
import Web

/// The bar chart of pain and sleep per day for the last four weeks: two bars a day, a day without a value
/// has no bar (a gap, never a zero-height bar), with its legend and its data table.
struct CheckinChart {
    let days: [CheckinDay]
    let t: Localizer

    private var format: ChartFormat { ChartFormat(t: t) }

    private var frame: DailyBarFrame {
        DailyBarFrame(
            days: days.map(\.day), left: 30, maximum: 12, gridStep: 3, gridLabel: format.whole,
            yTitle: t["insights.checkin.yAxis"], format: format)
    }

    /// The figure: summary for screen readers in the SVG's description, the chart, and the legend.
    func figure(summary: String) -> HTML {
        frame.figure(
            id: "checkin", title: t["insights.checkin.chartTitle"], summary: summary, bars: bars,
            series: [
                ("chart-swatch--pain", t["insights.checkin.pain"]),
                ("chart-swatch--sleep", t["insights.checkin.sleep"]),
            ])
    }

    /// The data-table alternative: one row per day, "not recorded" for a missing value.
    var table: HTML {
        let rows = days.map { day in
            HTML(
                """
                <tr><th scope="row">\(day.day.description)</th>\
                \(frame.cell(day.pain.map(format.recorded)))\(frame.cell(day.sleep.map(format.recorded)))</tr>
                """)
        }
        return frame.table(
            caption: t["insights.checkin.tableCaption"],
            columns: [t["insights.checkin.pain"], t["insights.checkin.sleep"]],
            rows: rows)
    }

    private var bars: HTML {
        let c = ChartFormat.coordinate
        let frame = frame
        let slot = frame.slot
        let barWidth = slot * 0.38
        var shapes: [HTML] = []
        for (index, day) in days.enumerated() {
            let x = frame.left + slot * Double(index) + slot * 0.1
            let series: [(Double?, String, Double)] = [
                (day.pain, "chart-bar--pain", x), (day.sleep, "chart-bar--sleep", x + barWidth + slot * 0.04),
            ]
            for (value, style, barX) in series {
                // No value: no bar at all. A reported zero still gets a sliver, so it differs from a gap.
                guard let value else { continue }
                let top = frame.y(value)
                shapes.append(
                    """
                    <rect class="\(style)" x="\(c(barX))" y="\(c(top))" width="\(c(barWidth))" \
                    height="\(c(max(frame.y(0) - top, 1)))"/>
                    """)
            }
        }
        return shapes.joined
    }
}
