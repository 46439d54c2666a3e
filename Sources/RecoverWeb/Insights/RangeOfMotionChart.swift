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

    private static let width = 320.0
    private static let height = 236.0
    private static let left = 34.0
    private static let right = 10.0
    private static let top = 22.0
    private static let bottom = 40.0

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
            <svg class="chart-svg" viewBox="0 0 \(Int(Self.width)) \(Int(Self.height))" role="img" \
            aria-labelledby="range-chart-title range-chart-desc">
            <title id="range-chart-title">\(t["insights.range.chartTitle"])</title>
            <desc id="range-chart-desc">\(summary)</desc>
            \(axes)
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

    private var plotWidth: Double { Self.width - Self.left - Self.right }
    private var plotHeight: Double { Self.height - Self.top - Self.bottom }

    /// The days on the x axis: from the first measurement (or four weeks ago) through today.
    private var dayRange: (first: Int, last: Int) {
        let first = min(points.first?.day.dayNumber ?? today.dayNumber, today.dayNumber - 27)
        let last = max(points.last?.day.dayNumber ?? today.dayNumber, today.dayNumber)
        return (first, max(last, first + 1))
    }

    /// The top of the y axis: 150° or more, in steps of 30°.
    private var maximum: Double {
        let highest = max(points.map(\.degrees).max() ?? 0, goal ?? 0, 150)
        return (highest / 30).rounded(.up) * 30
    }

    private func x(_ day: LocalDate) -> Double {
        let range = dayRange
        return Self.left + plotWidth * Double(day.dayNumber - range.first) / Double(range.last - range.first)
    }

    private func y(_ degrees: Double) -> Double {
        Self.top + plotHeight * (1 - min(max(degrees, 0), maximum) / maximum)
    }

    private var axes: HTML {
        let c = ChartFormat.coordinate
        let grid = stride(from: 0.0, through: maximum, by: 30).map { value in
            HTML(
                """
                <line class="chart-grid" x1="\(c(Self.left))" x2="\(c(Self.width - Self.right))" \
                y1="\(c(y(value)))" y2="\(c(y(value)))"/>\
                <text class="chart-label" x="\(c(Self.left - 4))" y="\(c(y(value) + 4))" \
                text-anchor="end">\(format.whole(value))</text>
                """)
        }
        let range = dayRange
        let middle = (range.first + range.last) / 2
        let labels = [range.first, middle, range.last].map { number in
            let day = LocalDate(dayNumber: number)
            let anchor = number == range.first ? "start" : number == range.last ? "end" : "middle"
            return HTML(
                """
                <text class="chart-label" x="\(c(x(day)))" y="\(c(y(0) + 14))" \
                text-anchor="\(anchor)">\(format.shortDay(day))</text>
                """)
        }
        return """
            \(grid)
            <line class="chart-axis" x1="\(c(Self.left))" x2="\(c(Self.left))" y1="\(c(Self.top))" \
            y2="\(c(y(0)))"/>
            <line class="chart-axis" x1="\(c(Self.left))" x2="\(c(Self.width - Self.right))" \
            y1="\(c(y(0)))" y2="\(c(y(0)))"/>
            <text class="chart-title" x="4" y="\(c(Self.top - 10))">\(t["insights.range.yAxis"])</text>
            \(labels)
            <text class="chart-title" x="\(c(Self.left + plotWidth / 2))" y="\(c(Self.height - 6))" \
            text-anchor="middle">\(t["insights.range.xAxis"])</text>
            """
    }

    private var goalLine: HTML {
        guard let goal else { return .empty }
        let c = ChartFormat.coordinate
        return """
            <line class="chart-goal" x1="\(c(Self.left))" x2="\(c(Self.width - Self.right))" \
            y1="\(c(y(goal)))" y2="\(c(y(goal)))"/>
            <text class="chart-goal-label" x="\(c(Self.width - Self.right))" y="\(c(y(goal) - 5))" \
            text-anchor="end">\(t("insights.range.goalLabel", ["goal": format.whole(goal)]))</text>
            """
    }

    private var marks: HTML {
        let c = ChartFormat.coordinate
        guard !points.isEmpty else { return .empty }
        let path = points.map { "\(c(x($0.day))),\(c(y($0.degrees)))" }.joined(separator: " ")
        let dots = points.map { point in
            HTML("<circle class=\"chart-point\" cx=\"\(c(x(point.day)))\" cy=\"\(c(y(point.degrees)))\" r=\"4\"/>")
        }
        return """
            <polyline class="chart-line" points="\(path)"/>
            \(dots)
            """
    }
}
