import Care
import Web

/// The frame both daily bar charts draw in (pain and sleep; steps): one slot per day across a 320 × 236
/// viewBox, a value axis from 0 to `maximum` with grid lines every `gridStep`, day labels every seventh day
/// and on the last, and the axis titles. The charts add their bars in ``slot`` widths at ``y(_:)``.
struct DailyBarFrame {
    let days: [LocalDate]
    /// The left margin (wider for longer value labels).
    let left: Double
    let maximum: Double
    let gridStep: Double
    /// The label of a grid value (`9`, `6,000`).
    let gridLabel: (Double) -> String
    let yTitle: String
    let format: ChartFormat

    static let width = 320.0
    static let height = 236.0
    static let right = 6.0
    static let top = 22.0
    static let bottom = 40.0

    var plotWidth: Double { Self.width - left - Self.right }
    var plotHeight: Double { Self.height - Self.top - Self.bottom }
    var slot: Double { plotWidth / Double(max(days.count, 1)) }

    /// The vertical position of `value`, clamped to the axis.
    func y(_ value: Double) -> Double {
        Self.top + plotHeight * (1 - min(max(value, 0), maximum) / maximum)
    }

    /// The `<svg>` opening attributes' viewBox.
    var viewBox: String { "0 0 \(Int(Self.width)) \(Int(Self.height))" }

    /// The size of the day labels in viewBox units (study/css/insights.css sets them in `px`, which do not grow
    /// with the browser's text size).
    static let labelSize = 12.0
    /// The least space between two day labels.
    static let labelGap = 6.0

    /// A day label: its text, where it is anchored and how.
    struct DayLabel: Equatable {
        let index: Int
        let text: String
        let x: Double
        let anchor: String

        /// The span the label covers, its width estimated from its characters: an ideograph or kana one em,
        /// anything else (digits, Latin letters) 0.6 em, which over-estimates proportional Latin text a little.
        var span: ClosedRange<Double> {
            let width =
                text.unicodeScalars.reduce(0.0) { sum, scalar in sum + (scalar.value >= 0x2E80 ? 1.0 : 0.6) }
                * DailyBarFrame.labelSize
            switch anchor {
            case "end": return (x - width)...x
            case "start": return x...(x + width)
            default: return (x - width / 2)...(x + width / 2)
            }
        }
    }

    /// The day labels drawn: the last day always (ending at the axis's end, so it is never cut off), and every
    /// seventh day from the first that leaves ``labelGap`` to the labels kept beside it, so that no two labels
    /// touch in any language.
    var dayLabelPlacements: [DayLabel] {
        guard !days.isEmpty else { return [] }
        let lastIndex = days.count - 1
        let last = DayLabel(
            index: lastIndex, text: format.shortDay(days[lastIndex]), x: Self.width - Self.right, anchor: "end")
        var kept: [DayLabel] = []
        for index in stride(from: 0, to: lastIndex, by: 7) {
            let label = DayLabel(
                index: index, text: format.shortDay(days[index]), x: left + slot * (Double(index) + 0.5),
                anchor: "middle")
            let clear = { (other: DayLabel) in
                label.span.upperBound + Self.labelGap <= other.span.lowerBound
                    || other.span.upperBound + Self.labelGap <= label.span.lowerBound
            }
            if clear(last), kept.last.map(clear) ?? true { kept.append(label) }
        }
        return kept + [last]
    }

    /// The grid, both axes, the day labels and the titles.
    var axes: HTML {
        let c = ChartFormat.coordinate
        let baseline = y(0)
        let grid = stride(from: 0.0, through: maximum, by: gridStep).map { value in
            HTML(
                """
                <line class="chart-grid" x1="\(c(left))" x2="\(c(Self.width - Self.right))" \
                y1="\(c(y(value)))" y2="\(c(y(value)))"/>\
                <text class="chart-label" x="\(c(left - 4))" y="\(c(y(value) + 4))" \
                text-anchor="end">\(gridLabel(value))</text>
                """)
        }
        let dayLabels = dayLabelPlacements.map { label in
            HTML(
                """
                <text class="chart-label" x="\(c(label.x))" y="\(c(baseline + 15))" \
                text-anchor="\(label.anchor)">\(label.text)</text>
                """)
        }
        return """
            \(grid)
            <line class="chart-axis" x1="\(c(left))" x2="\(c(left))" y1="\(c(Self.top))" \
            y2="\(c(baseline))"/>
            <line class="chart-axis" x1="\(c(left))" x2="\(c(Self.width - Self.right))" \
            y1="\(c(baseline))" y2="\(c(baseline))"/>
            <text class="chart-title" x="\(c(4))" y="\(c(Self.top - 10))">\(yTitle)</text>
            \(dayLabels)
            <text class="chart-title" x="\(c(left + plotWidth / 2))" y="\(c(Self.height - 6))" \
            text-anchor="middle">\(format.t["insights.checkin.xAxis"])</text>
            """
    }

    /// The figure: `title` and `summary` (for screen readers, in the SVG's title and description, named
    /// `<id>-chart-title` and `<id>-chart-desc`), the axes with `bars`, and a legend of `series`
    /// (swatch style, label).
    func figure(id: String, title: String, summary: String, bars: HTML, series: [(style: String, label: String)])
        -> HTML
    {
        let legend = series.map { item in
            HTML(
                """
                <li><span class="chart-swatch \(item.style)" aria-hidden="true"></span>\(item.label)</li>
                """)
        }
        return """
            <figure class="chart">
            <svg class="chart-svg" viewBox="\(viewBox)" role="img" \
            aria-labelledby="\(id)-chart-title \(id)-chart-desc">
            <title id="\(id)-chart-title">\(title)</title>
            <desc id="\(id)-chart-desc">\(summary)</desc>
            \(axes)
            \(bars)
            </svg>
            <ul class="chart-legend">\(legend)</ul>
            </figure>
            """
    }

    /// The data-table alternative in a closed `<details>`: one row per day (`rows`, already rendered).
    func table(caption: String, columns: [String], rows: [HTML]) -> HTML {
        let heads = columns.map { HTML("<th scope=\"col\">\($0)</th>") }
        return """
            <details class="chart-data">
            <summary>\(format.t["insights.showTable"])</summary>
            <table class="chart-table">
            <caption>\(caption)</caption>
            <thead><tr><th scope="col">\(format.t["insights.table.day"])</th>\(heads)</tr></thead>
            <tbody>\(rows)</tbody>
            </table>
            </details>
            """
    }

    /// A table cell: the text, or "not recorded".
    func cell(_ text: String?) -> HTML {
        guard let text else {
            return "<td class=\"chart-missing-value\">\(format.t["insights.table.notRecorded"])</td>"
        }
        return "<td>\(text)</td>"
    }
}
