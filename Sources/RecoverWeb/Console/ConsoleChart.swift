import Foundation
import Web

/// Server-rendered SVG charts with a data table, following the chart contract of docs/components.md
/// (`figure.chart`, `svg.chart-svg` with `role="img"`, legend, `details.chart-data` table). A missing value is
/// drawn as a gap marker, never as zero. Geometry is in attributes, so the CSP allows it.
///
/// The SVG has no `viewBox`, so it is never scaled: horizontal positions are percentages of its width and
/// vertical ones pixels of its fixed height, and the axis text keeps the size console.css gives it (a rem
/// size, so it grows with the reader's text size but not with the screen's width).
///
/// ```swift
/// let chart = ConsoleChart.bars(
///     id: "adherence", title: "Adherence per day", description: "...", tableSummary: "Show the data",
///     categoryName: "Day", categories: days, series: [.init(name: "Adherence", style: "adherence", values: fractions)],
///     maximum: 1, format: ConsoleFormat.percent)
/// ```
enum ConsoleChart {
    /// One series of values, one per category (nil: no value that day).
    struct Series {
        var name: String
        /// The CSS modifier: `chart-bar--<style>` / `chart-swatch--<style>`.
        var style: String
        var values: [Double?]
    }

    /// Horizontal geometry in percent of the chart's width.
    static let width = 100.0
    static let left = 15.0
    static let right = 2.0
    /// Vertical geometry in pixels.
    static let height = 200.0
    static let top = 10.0
    static let bottom = 28.0

    /// A grouped bar chart: one group per category, one bar per series.
    static func bars(
        id: String, title: String, description: String, tableSummary: String, categoryName: String,
        categories: [String],
        series: [Series], maximum: Double, format: (Double) -> String
    ) -> HTML {
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        let slot = plotWidth / Double(max(categories.count, 1))
        let barWidth = max(0.2, slot * 0.8 / Double(max(series.count, 1)))
        var marks: [HTML] = []
        for (index, _) in categories.enumerated() {
            for (seriesIndex, item) in series.enumerated() {
                let x = left + Double(index) * slot + slot * 0.1 + Double(seriesIndex) * barWidth
                guard index < item.values.count, let value = item.values[index] else {
                    let y = top + plotHeight
                    marks.append(
                        "<line class=\"chart-missing\" x1=\"\(p(x))\" y1=\"\(n(y - 4))\" x2=\"\(p(x + barWidth))\" y2=\"\(n(y - 4))\"/>"
                    )
                    continue
                }
                let barHeight = max(0, min(value, maximum)) / max(maximum, 1e-9) * plotHeight
                marks.append(
                    "<rect class=\"chart-bar--\(item.style)\" x=\"\(p(x))\" y=\"\(n(top + plotHeight - barHeight))\" width=\"\(p(barWidth))\" height=\"\(n(barHeight))\"/>"
                )
            }
        }
        return figure(
            id: id, title: title, description: description, tableSummary: tableSummary, categoryName: categoryName,
            categories: categories,
            series: series, maximum: maximum, format: format, marks: marks)
    }

    /// A scatter chart of one series over the categories (days), joined by a line between present values.
    static func points(
        id: String, title: String, description: String, tableSummary: String, categoryName: String,
        categories: [String],
        series: Series, maximum: Double, format: (Double) -> String
    ) -> HTML {
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        let slot = plotWidth / Double(max(categories.count, 1))
        var coordinates: [(Double, Double)] = []
        for (index, value) in series.values.enumerated() {
            guard let value else { continue }
            let x = left + (Double(index) + 0.5) * slot
            let y = top + plotHeight - max(0, min(value, maximum)) / max(maximum, 1e-9) * plotHeight
            coordinates.append((x, y))
        }
        // Segments rather than one path: a path's points cannot be given in percent.
        var marks: [HTML] = zip(coordinates, coordinates.dropFirst()).map { from, to in
            HTML(
                "<line class=\"chart-line\" x1=\"\(p(from.0))\" y1=\"\(n(from.1))\" x2=\"\(p(to.0))\" y2=\"\(n(to.1))\"/>"
            )
        }
        marks += coordinates.map { point in
            HTML("<circle class=\"chart-point\" cx=\"\(p(point.0))\" cy=\"\(n(point.1))\" r=\"4\"/>")
        }
        return figure(
            id: id, title: title, description: description, tableSummary: tableSummary, categoryName: categoryName,
            categories: categories,
            series: [series], maximum: maximum, format: format, marks: marks, swatch: "rom")
    }

    private static func figure(
        id: String, title: String, description: String, tableSummary: String, categoryName: String,
        categories: [String],
        series: [Series], maximum: Double, format: (Double) -> String, marks: [HTML], swatch: String? = nil
    ) -> HTML {
        let plotHeight = height - top - bottom
        let baseline = top + plotHeight
        var axes: [HTML] = []
        for step in 0...4 {
            let value = maximum * Double(step) / 4
            let y = baseline - plotHeight * Double(step) / 4
            axes.append(
                "<line class=\"chart-grid\" x1=\"\(p(left))\" y1=\"\(n(y))\" x2=\"\(p(width - right))\" y2=\"\(n(y))\"/>"
            )
            axes.append(
                "<text class=\"chart-label\" x=\"\(p(left - 1.5))\" y=\"\(n(y))\" dy=\"0.35em\" text-anchor=\"end\">\(format(value))</text>"
            )
        }
        axes.append(
            "<line class=\"chart-axis\" x1=\"\(p(left))\" y1=\"\(n(baseline))\" x2=\"\(p(width - right))\" y2=\"\(n(baseline))\"/>"
        )
        let slot = (width - left - right) / Double(max(categories.count, 1))
        let every = max(1, Int((Double(categories.count) / 6).rounded(.up)))
        // Every other day label is "minor": console.css hides those on a narrow screen (or with large text),
        // where six would run into each other.
        for (index, label) in categories.enumerated() where index % every == 0 {
            let x = left + (Double(index) + 0.5) * slot
            let minor: HTML = (index / every) % 2 == 1 ? " chart-label--minor" : .empty
            axes.append(
                "<text class=\"chart-label\(minor)\" x=\"\(p(x))\" y=\"\(n(height - 8))\" text-anchor=\"middle\">\(shortLabel(label))</text>"
            )
        }
        let legend = series.map { item in
            HTML(
                "<li><span class=\"chart-swatch chart-swatch--\(swatch ?? item.style)\" aria-hidden=\"true\"></span>\(item.name)</li>"
            )
        }
        let headCells = series.map { HTML("<th scope=\"col\">\($0.name)</th>") }
        let rows = categories.enumerated().map { index, label in
            let cells = series.map { item in
                let value = index < item.values.count ? item.values[index] : nil
                return HTML("<td>\(value.map(format) ?? "–")</td>")
            }
            return HTML("<tr><th scope=\"row\">\(label)</th>\(cells)</tr>")
        }
        return """
            <figure class="chart" aria-labelledby="\(id)-title">
            <figcaption id="\(id)-title">\(title)</figcaption>
            <svg class="chart-svg" width="100%" height="\(n(height))" role="img" aria-labelledby="\(id)-title \(id)-desc">
            <desc id="\(id)-desc">\(description)</desc>
            \(axes)\(marks)
            </svg>
            <ul class="chart-legend">\(legend)</ul>
            <details class="chart-data"><summary>\(tableSummary)</summary>
            <div class="table-scroll" role="region" aria-label="\(title)" tabindex="0"><table class="data-table"><caption class="visually-hidden">\(title)</caption>
            <thead><tr><th scope="col">\(categoryName)</th>\(headCells)</tr></thead><tbody>\(rows)</tbody></table></div>
            </details>
            </figure>
            """
    }

    /// `03-29` for a `2026-03-29` label; other labels unchanged.
    private static func shortLabel(_ label: String) -> String {
        label.count == 10 && label.dropFirst(4).first == "-" ? String(label.dropFirst(5)) : label
    }

    private static func n(_ value: Double) -> String { String(format: "%.1f", value) }

    /// A horizontal position or width, in percent of the chart's width.
    private static func p(_ value: Double) -> String { String(format: "%.2f%%", value) }
}
