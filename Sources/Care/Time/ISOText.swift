/// Small helpers to read and write the fixed-width ISO 8601 fields of local dates and times.
enum ISOText {
    /// `value` as decimal digits, left-padded with zeros to `width`.
    static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(abs(value))
        let padding = String(repeating: "0", count: max(0, width - digits.count))
        return (value < 0 ? "-" : "") + padding + digits
    }

    /// The decimal number in `text` when it is only ASCII digits.
    static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return Int(text)
    }
}
