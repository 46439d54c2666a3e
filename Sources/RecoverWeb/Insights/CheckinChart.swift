import Care
import Recover
import Web

/// The bar chart of pain and sleep per day for the last four weeks: two bars a day, a day without a value
/// has no bar (a gap, never a zero-height bar), with its legend and its data table.
struct CheckinChart {
    let days: [CheckinDay]
    let t: Localizer

    private var format: ChartFormat { ChartFormat(t: t) }

    // The drawing in viewBox units; the SVG scales to the width of its container.
    private static let width = 320.0
    private static let height = 236.0
    private static let left = 30.0
    private static let right = 6.0
    private static let top = 22.0
    private static let bottom = 40.0
    private static let maximum = 12.0

    /// The figure: summary for screen readers in the SVG's description, the chart, and the legend.
    func figure(summary: String) -> HTML {
        """
        <figure class="chart">
        <svg class="chart-svg" viewBox="0 0 \(Int(Self.width)) \(Int(Self.height))" role="img" \
        aria-labelledby="checkin-chart-title checkin-chart-desc">
        <title id="checkin-chart-title">\(t["insights.checkin.chartTitle"])</title>
        <desc id="checkin-chart-desc">\(summary)</desc>
        \(axes)
        \(bars)
        </svg>
        <ul class="chart-legend">
        <li><span class="chart-swatch chart-swatch--pain" aria-hidden="true"></span>\(t["insights.checkin.pain"])</li>
        <li><span class="chart-swatch chart-swatch--sleep" aria-hidden="true"></span>\(t["insights.checkin.sleep"])</li>
        </ul>
        </figure>
        """
    }

    /// The data-table alternative: one row per day, "not recorded" for a missing value.
    var table: HTML {
        let rows = days.map { day in
            HTML(
                """
                <tr><th scope="row">\(day.day.description)</th>\(cell(day.pain))\(cell(day.sleep))</tr>
                """)
        }
        return """
            <details class="chart-data">
            <summary>\(t["insights.showTable"])</summary>
            <table class="chart-table">
            <caption>\(t["insights.checkin.tableCaption"])</caption>
            <thead><tr><th scope="col">\(t["insights.table.day"])</th>\
            <th scope="col">\(t["insights.checkin.pain"])</th>\
            <th scope="col">\(t["insights.checkin.sleep"])</th></tr></thead>
            <tbody>\(rows)</tbody>
            </table>
            </details>
            """
    }

    private func cell(_ value: Double?) -> HTML {
        guard let value else {
            return "<td class=\"chart-missing-value\">\(t["insights.table.notRecorded"])</td>"
        }
        return "<td>\(format.recorded(value))</td>"
    }

    private var plotWidth: Double { Self.width - Self.left - Self.right }
    private var plotHeight: Double { Self.height - Self.top - Self.bottom }
    private var slot: Double { plotWidth / Double(max(days.count, 1)) }

    private func y(_ value: Double) -> Double {
        Self.top + plotHeight * (1 - min(max(value, 0), Self.maximum) / Self.maximum)
    }

    private var axes: HTML {
        let c = ChartFormat.coordinate
        let baseline = y(0)
        let grid = stride(from: 0.0, through: Self.maximum, by: 3).map { value in
            HTML(
                """
                <line class="chart-grid" x1="\(c(Self.left))" x2="\(c(Self.width - Self.right))" \
                y1="\(c(y(value)))" y2="\(c(y(value)))"/>\
                <text class="chart-label" x="\(c(Self.left - 4))" y="\(c(y(value) + 4))" \
                text-anchor="end">\(format.whole(value))</text>
                """)
        }
        let labelIndices = Set(stride(from: 0, to: days.count, by: 7)).union(days.isEmpty ? [] : [days.count - 1])
        let dayLabels = labelIndices.sorted().map { index in
            // The last label ends at the axis's end, so it is never cut off at the edge.
            let isLast = index == days.count - 1
            let x = isLast ? Self.width - Self.right : Self.left + slot * (Double(index) + 0.5)
            return HTML(
                """
                <text class="chart-label" x="\(c(x))" y="\(c(baseline + 15))" \
                text-anchor="\(isLast ? "end" : "middle")">\(format.shortDay(days[index].day))</text>
                """)
        }
        return """
            \(grid)
            <line class="chart-axis" x1="\(c(Self.left))" x2="\(c(Self.left))" y1="\(c(Self.top))" \
            y2="\(c(baseline))"/>
            <line class="chart-axis" x1="\(c(Self.left))" x2="\(c(Self.width - Self.right))" \
            y1="\(c(baseline))" y2="\(c(baseline))"/>
            <text class="chart-title" x="\(c(Self.left - 26))" y="\(c(Self.top - 10))">\
            \(t["insights.checkin.yAxis"])</text>
            \(dayLabels)
            <text class="chart-title" x="\(c(Self.left + plotWidth / 2))" y="\(c(Self.height - 6))" \
            text-anchor="middle">\(t["insights.checkin.xAxis"])</text>
            """
    }

    private var bars: HTML {
        let c = ChartFormat.coordinate
        let barWidth = slot * 0.38
        var shapes: [HTML] = []
        for (index, day) in days.enumerated() {
            let x = Self.left + slot * Double(index) + slot * 0.1
            let series: [(Double?, String, Double)] = [
                (day.pain, "chart-bar--pain", x), (day.sleep, "chart-bar--sleep", x + barWidth + slot * 0.04),
            ]
            for (value, style, barX) in series {
                // No value: no bar at all. A reported zero still gets a sliver, so it differs from a gap.
                guard let value else { continue }
                let top = y(value)
                shapes.append(
                    """
                    <rect class="\(style)" x="\(c(barX))" y="\(c(top))" width="\(c(barWidth))" \
                    height="\(c(max(y(0) - top, 1)))"/>
                    """)
            }
        }
        return shapes.joined
    }
}
