import Care
import Web

/// The frame the insights' charts over days share: a 320 × 236 plot, a y axis from 0 to `maximum` with a grid
/// line every `step`, and an x axis from the first day charted (at least four weeks back) through today, labelled
/// at its two ends and its middle.
struct TimeChartFrame {
    static let width = 320.0
    static let height = 236.0
    static let left = 34.0
    static let right = 10.0
    static let top = 22.0
    static let bottom = 40.0

    /// The first and last day numbers on the x axis.
    let first: Int
    let last: Int
    /// The top of the y axis and the grid step.
    let maximum: Double
    let step: Double
    let format: ChartFormat

    /// A frame over `days` (oldest first) as seen on `today`.
    init(days: [LocalDate], today: LocalDate, maximum: Double, step: Double, format: ChartFormat) {
        let first = min(days.first?.dayNumber ?? today.dayNumber, today.dayNumber - 27)
        let last = max(days.last?.dayNumber ?? today.dayNumber, today.dayNumber)
        self.first = first
        self.last = max(last, first + 1)
        self.maximum = maximum
        self.step = step
        self.format = format
    }

    /// `viewBox="0 0 320 236"`'s value.
    var viewBox: String { "0 0 \(Int(Self.width)) \(Int(Self.height))" }

    private var plotWidth: Double { Self.width - Self.left - Self.right }
    private var plotHeight: Double { Self.height - Self.top - Self.bottom }

    func x(_ day: LocalDate) -> Double {
        Self.left + plotWidth * Double(day.dayNumber - first) / Double(last - first)
    }

    /// The height of `value`, held inside the axis.
    func y(_ value: Double) -> Double { Self.top + plotHeight * (1 - min(max(value, 0), maximum) / maximum) }

    /// The grid, both axes, their titles and the day labels.
    func axes(yTitle: String, xTitle: String) -> HTML {
        let c = ChartFormat.coordinate
        let grid = stride(from: 0.0, through: maximum, by: step).map { value in
            HTML(
                """
                <line class="chart-grid" x1="\(c(Self.left))" x2="\(c(Self.width - Self.right))" \
                y1="\(c(y(value)))" y2="\(c(y(value)))"/>\
                <text class="chart-label" x="\(c(Self.left - 4))" y="\(c(y(value) + 4))" \
                text-anchor="end">\(format.whole(value))</text>
                """)
        }
        let labels = [first, (first + last) / 2, last].map { number in
            let day = LocalDate(dayNumber: number)
            let anchor = number == first ? "start" : number == last ? "end" : "middle"
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
            <text class="chart-title" x="4" y="\(c(Self.top - 10))">\(yTitle)</text>
            \(labels)
            <text class="chart-title" x="\(c(Self.left + plotWidth / 2))" y="\(c(Self.height - 6))" \
            text-anchor="middle">\(xTitle)</text>
            """
    }

    /// A horizontal line across the plot at `value`.
    func rule(at value: Double) -> (x1: String, x2: String, y: String) {
        let c = ChartFormat.coordinate
        return (c(Self.left), c(Self.width - Self.right), c(y(value)))
    }
}
