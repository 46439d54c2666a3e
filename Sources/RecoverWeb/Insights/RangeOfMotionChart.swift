import Care
import Recover
import Web

/// The scatter chart of range of motion over time with the goal line, and its data table.
struct RangeOfMotionChart {
    let points: [RangeOfMotionPoint]
    let goal: Double?
    let today: LocalDate
    let t: Localizer

    private var format: ChartFormat { ChartFormat(t: t) }

    /// The frame: from the first measurement (or four weeks ago) through today, 150° or more in steps of 30°.
    private var frame: TimeChartFrame {
        let highest = max(points.map(\.degrees).max() ?? 0, goal ?? 0, 150)
        return TimeChartFrame(
            days: points.map(\.day), today: today, maximum: (highest / 30).rounded(.up) * 30, step: 30, format: format)
    }

    /// The figure with the chart and its legend.
    func figure(summary: String) -> HTML {
        let goalLegend: HTML =
            goal == nil
            ? .empty
            : """
            <li><span class="chart-swatch chart-swatch--goal" aria-hidden="true"></span>\
            \(t["insights.range.goal"])</li>
            """
        return """
            <figure class="chart">
            <svg class="chart-svg" viewBox="\(frame.viewBox)" role="img" \
            aria-labelledby="range-chart-title range-chart-desc">
            <title id="range-chart-title">\(t["insights.range.chartTitle"])</title>
            <desc id="range-chart-desc">\(summary)</desc>
            \(frame.axes(yTitle: t["insights.range.yAxis"], xTitle: t["insights.range.xAxis"]))
            \(goalLine)
            \(marks)
            </svg>
            <ul class="chart-legend">
            <li><span class="chart-swatch chart-swatch--rom" aria-hidden="true"></span>\(t["insights.range.series"])</li>
            \(goalLegend)
            </ul>
            </figure>
            """
    }

    /// The data-table alternative: one row per measurement, with the goal in the caption.
    var table: HTML {
        let caption =
            goal.map { t("insights.range.tableCaptionGoal", ["goal": format.whole($0)]) }
            ?? t["insights.range.tableCaption"]
        let rows = points.map { point in
            HTML("<tr><th scope=\"row\">\(point.day.description)</th><td>\(format.whole(point.degrees))</td></tr>")
        }
        return """
            <details class="chart-data">
            <summary>\(t["insights.showTable"])</summary>
            <table class="chart-table">
            <caption>\(caption)</caption>
            <thead><tr><th scope="col">\(t["insights.table.day"])</th>\
            <th scope="col">\(t["insights.range.column"])</th></tr></thead>
            <tbody>\(rows)</tbody>
            </table>
            </details>
            """
    }

    private var goalLine: HTML {
        guard let goal else { return .empty }
        let frame = frame
        let c = ChartFormat.coordinate
        let line = frame.rule(at: goal)
        return """
            <line class="chart-goal" x1="\(line.x1)" x2="\(line.x2)" y1="\(line.y)" y2="\(line.y)"/>
            <text class="chart-goal-label" x="\(line.x2)" y="\(c(frame.y(goal) - 5))" \
            text-anchor="end">\(t("insights.range.goalLabel", ["goal": format.whole(goal)]))</text>
            """
    }

    private var marks: HTML {
        let c = ChartFormat.coordinate
        guard !points.isEmpty else { return .empty }
        let frame = frame
        let path = points.map { "\(c(frame.x($0.day))),\(c(frame.y($0.degrees)))" }.joined(separator: " ")
        let dots = points.map { point in
            HTML(
                "<circle class=\"chart-point\" cx=\"\(c(frame.x(point.day)))\" cy=\"\(c(frame.y(point.degrees)))\" r=\"4\"/>"
            )
        }
        return """
            <polyline class="chart-line" points="\(path)"/>
            \(dots)
            """
    }
}
