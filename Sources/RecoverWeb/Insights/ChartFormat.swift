import Care
import Foundation
import Web

/// How the insights charts and tables write numbers and days, in the page's language.
struct ChartFormat {
    let t: Localizer

    /// A mean with one decimal: `3.4`.
    func decimal(_ value: Double) -> String { String(format: "%.1f", value) }

    /// A whole number of degrees or points: `95`.
    func whole(_ value: Double) -> String { Self.rounded(value).map(String.init) ?? String(format: "%.0f", value) }

    /// A value as recorded: whole when it is whole, else one decimal.
    func recorded(_ value: Double) -> String { value == value.rounded() ? whole(value) : decimal(value) }

    /// A short axis label for a day: `29 Nov` or `11月29日` (``StudyText/shortDate(_:_:)``).
    func shortDay(_ day: LocalDate) -> String { StudyText.shortDate(day, t) }

    /// A coordinate in an SVG attribute, with at most one decimal.
    static func coordinate(_ value: Double) -> String {
        // Tenths as an integer, written as printf's `%.1f` would; printf only for what an Int cannot hold.
        guard let tenths = rounded(value * 10) else { return String(format: "%.1f", value) }
        let magnitude = tenths.magnitude
        return (tenths < 0 ? "-" : "") + String(magnitude / 10) + "." + String(magnitude % 10)
    }

    /// `value` rounded to a whole number with ties to even (as printf's `%.0f`); nil when it is not finite or
    /// beyond ±1e15, where an Int conversion could trap.
    static func rounded(_ value: Double) -> Int? {
        guard value.isFinite, abs(value) < 1e15 else { return nil }
        return Int(value.rounded(.toNearestOrEven))
    }
}
