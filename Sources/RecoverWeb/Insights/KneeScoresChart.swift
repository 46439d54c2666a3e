import Care
import Recover
import Web

/// The KOOS chart: a line per subscale over the questionnaire days, 0 to 100 with higher better, each line told
/// apart by colour, dash and marker shape (never colour alone); the summary in words and a data table.
struct KneeScoresChart {
    let scores: KneeScores
    let today: LocalDate
    let t: Localizer

    private var format: ChartFormat { ChartFormat(t: t) }

    /// From the first questionnaire (or four weeks ago) through today, 0 to 100 in steps of 25.
    private var frame: TimeChartFrame {
        TimeChartFrame(days: scores.days.map(\.day), today: today, maximum: 100, step: 25, format: format)
    }

    /// The subscale's name on this page.
    func name(_ subscale: KneeScores.Subscale) -> String { t["insights.koos.\(subscale.slug)"] }

    /// "Higher is better …" then the latest scores, then what changed since the first questionnaire.
    var summary: String {
        guard let latest = scores.latest else { return t["insights.koos.summary.none"] }
        let values = KneeScores.Subscale.allCases.map { subscale in
            t(
                "insights.koos.summary.value",
                [
                    "name": name(subscale),
                    "value": latest.scores[subscale].map(format.whole) ?? t["insights.koos.noScore"],
                ])
        }
        var text =
            t["insights.koos.summary.meaning"] + " "
            + t(
                "insights.koos.summary.latest",
                ["date": format.shortDay(latest.day), "values": values.joined(separator: t["insights.koos.separator"])])
        let changes = KneeScores.Subscale.allCases.compactMap { subscale -> String? in
            guard let change = scores.change(of: subscale), let rounded = ChartFormat.rounded(change) else {
                return nil
            }
            let key = rounded > 0 ? "up" : rounded < 0 ? "down" : "same"
            return t("insights.koos.change.\(key)", ["name": name(subscale), "points": String(rounded.magnitude)])
        }
        if !changes.isEmpty {
            text +=
                " "
                + t("insights.koos.summary.since", ["changes": changes.joined(separator: t["insights.koos.separator"])])
        }
        return text
    }

    func figure() -> HTML {
        let legend = KneeScores.Subscale.allCases.map { subscale in
            HTML(
                """
                <li><svg class="chart-key" viewBox="0 0 28 12" aria-hidden="true" focusable="false">\
                <line class="chart-line--\(subscale.slug)" x1="1" x2="27" y1="6" y2="6"/>\
                \(marker(subscale, x: 14, y: 6))</svg>\(name(subscale))</li>
                """)
        }
        return """
            <figure class="chart">
            <svg class="chart-svg" viewBox="\(frame.viewBox)" role="img" \
            aria-labelledby="koos-chart-title koos-chart-desc">
            <title id="koos-chart-title">\(t["insights.koos.chartTitle"])</title>
            <desc id="koos-chart-desc">\(summary)</desc>
            \(frame.axes(yTitle: t["insights.koos.yAxis"], xTitle: t["insights.range.xAxis"]))
            \(lines)
            </svg>
            <ul class="chart-legend">\(legend)</ul>
            </figure>
            """
    }

    /// One row per questionnaire day, a column per subscale.
    var table: HTML {
        let head = KneeScores.Subscale.allCases.map { HTML("<th scope=\"col\">\(name($0))</th>") }
        let rows = scores.days.map { day in
            let cells = KneeScores.Subscale.allCases.map { subscale in
                day.scores[subscale].map { HTML("<td>\(format.whole($0))</td>") }
                    ?? HTML("<td class=\"chart-missing-value\">\(t["insights.koos.noScore"])</td>")
            }
            return HTML("<tr><th scope=\"row\">\(day.day.description)</th>\(cells)</tr>")
        }
        return """
            <details class="chart-data">
            <summary>\(t["insights.showTable"])</summary>
            <div class="table-scroll" role="region" aria-label="\(t["insights.koos.tableCaption"])" tabindex="0">
            <table class="chart-table">
            <caption>\(t["insights.koos.tableCaption"])</caption>
            <thead><tr><th scope="col">\(t["insights.table.day"])</th>\(head)</tr></thead>
            <tbody>\(rows)</tbody>
            </table>
            </div>
            </details>
            """
    }

    private var lines: HTML {
        let c = ChartFormat.coordinate
        let frame = frame
        let series = KneeScores.Subscale.allCases.map { subscale -> HTML in
            let points = scores.days.compactMap { day in day.scores[subscale].map { (day.day, $0) } }
            guard !points.isEmpty else { return .empty }
            let path = points.map { "\(c(frame.x($0.0))),\(c(frame.y($0.1)))" }.joined(separator: " ")
            let marks = points.map { marker(subscale, x: frame.x($0.0), y: frame.y($0.1)) }
            return """
                <g class="chart-series"><polyline class="chart-line--\(subscale.slug)" points="\(path)"/>\(marks)</g>
                """
        }
        return "\(series)"
    }

    /// The subscale's marker: circle, square, triangle, diamond or cross, centred on (`x`, `y`).
    private func marker(_ subscale: KneeScores.Subscale, x: Double, y: Double) -> HTML {
        let c = ChartFormat.coordinate
        let style = "chart-mark--\(subscale.slug)"
        switch subscale {
        case .symptoms:
            return HTML("<circle class=\"\(style)\" cx=\"\(c(x))\" cy=\"\(c(y))\" r=\"3.5\"/>")
        case .pain:
            return HTML("<rect class=\"\(style)\" x=\"\(c(x - 3.5))\" y=\"\(c(y - 3.5))\" width=\"7\" height=\"7\"/>")
        case .dailyLiving:
            return HTML(
                "<polygon class=\"\(style)\" points=\"\(c(x)),\(c(y - 4.5)) \(c(x + 4)),\(c(y + 3)) \(c(x - 4)),\(c(y + 3))\"/>"
            )
        case .sport:
            return HTML(
                "<polygon class=\"\(style)\" points=\"\(c(x)),\(c(y - 4.5)) \(c(x + 4.5)),\(c(y)) \(c(x)),\(c(y + 4.5)) \(c(x - 4.5)),\(c(y))\"/>"
            )
        case .qualityOfLife:
            return HTML(
                "<path class=\"\(style)\" d=\"M\(c(x - 3.5)) \(c(y - 3.5))L\(c(x + 3.5)) \(c(y + 3.5))M\(c(x + 3.5)) \(c(y - 3.5))L\(c(x - 3.5)) \(c(y + 3.5))\"/>"
            )
        }
    }
}
