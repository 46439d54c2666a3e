/// RFC 4180 cells, safe to open in a spreadsheet.
///
/// A cell is quoted when it holds a comma, a quote, CR or LF (quotes doubled). A text cell that a
/// spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, tab or CR) is prefixed with `'`,
/// unless it is a plain number such as `-3` or `+2.5`, which stays a number.
public enum CSVCell {
    /// The UTF-8 byte order mark every CSV download starts with, so that spreadsheets (Excel above all) read
    /// the file as UTF-8 rather than the system's legacy code page, which garbles Chinese text.
    public static let byteOrderMark = "\u{FEFF}"

    /// Decimal places a number keeps in an export: finer than any item's step or a sensor's precision
    /// (hours to 0.1, degrees to 0.1, hearing thresholds to 1 dB), coarse enough to drop binary float noise
    /// (`70.00000000000003` is written `70.0`).
    public static let decimalPlaces = 6

    /// `value` rounded to ``decimalPlaces`` and written as the shortest text that reads back as that
    /// rounded number (`7.5`, `70.0`, `0.333333`). Values too large to have noise in those places, and
    /// non-finite ones, are written as they are.
    public static func decimal(_ value: Double) -> String {
        let scale = 1_000_000.0
        guard value.isFinite, abs(value) < 1e9 else { return "\(value)" }
        // Both operands are exact and the division is correctly rounded, so the result is the double nearest
        // the rounded decimal, whose shortest text is that decimal.
        let rounded = (value * scale).rounded() / scale
        return "\(rounded == 0 ? 0 : rounded)"
    }

    /// The cell as written between commas.
    public static func encode(_ value: String) -> String {
        var text = value
        if let first = text.utf8.first,
            [UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D].contains(first),
            !isPlainNumber(text)
        {
            text = "'" + text
        }
        guard
            text.utf8.contains(where: {
                $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D
            })
        else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// One CSV line (CRLF-terminated, as RFC 4180 specifies) of `cells`.
    public static func line(_ cells: [String]) -> String {
        cells.map(encode).joined(separator: ",") + "\r\n"
    }

    /// Appends `cells` as one CSV line to `bytes`; cells that need nothing are copied without a new string.
    public static func appendLine(_ cells: [String], to bytes: inout [UInt8]) {
        for (index, cell) in cells.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            if needsEncoding(cell) {
                bytes += Array(encode(cell).utf8)
            } else {
                bytes += cell.utf8
            }
        }
        bytes += [0x0D, 0x0A]
    }

    private static func needsEncoding(_ cell: String) -> Bool {
        guard let first = cell.utf8.first else { return false }
        if [UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D].contains(first) {
            return true
        }
        return cell.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
    }

    static func isPlainNumber(_ text: String) -> Bool {
        var digits = 0
        var dots = 0
        for (index, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "."): dots += 1
            case UInt8(ascii: "-") where index == 0, UInt8(ascii: "+") where index == 0: continue
            default: return false
            }
        }
        return digits > 0 && dots <= 1
    }
}
