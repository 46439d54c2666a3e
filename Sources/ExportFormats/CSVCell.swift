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

    /// `value` rounded to `places` decimal places (0 to ``decimalPlaces``) and written with exactly that many
    /// (`7`, `72.5`, `33.33`): the precision of the item it answers (``ValuePrecision``). Values too large to
    /// have noise in those places, and non-finite ones, are written as they are.
    public static func decimal(_ value: Double, places: Int) -> String {
        let places = max(0, min(places, decimalPlaces))
        guard value.isFinite, abs(value) < 1e9 else { return "\(value)" }
        var scale: Int64 = 1
        for _ in 0..<places { scale *= 10 }
        // |value| < 1e9 and scale <= 1e6: the product stays far inside Int64.
        let units = Int64((abs(value) * Double(scale)).rounded())
        var text = units > 0 && value < 0 ? "-" : ""
        text += String(units / scale)
        guard places > 0 else { return text }
        let fraction = String(units % scale)
        return text + "." + String(repeating: "0", count: places - fraction.utf8.count) + fraction
    }

    /// The cell as written between commas.
    public static func encode(_ value: String) -> String {
        var bytes: [UInt8] = []
        var value = value
        value.withUTF8 { appendCell($0, to: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// One CSV line (CRLF-terminated, as RFC 4180 specifies) of `cells`.
    public static func line(_ cells: [String]) -> String {
        var bytes: [UInt8] = []
        appendLine(cells, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `cells` as one CSV line to `bytes`.
    public static func appendLine(_ cells: [String], to bytes: inout [UInt8]) {
        for (index, cell) in cells.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            var cell = cell
            cell.withUTF8 { appendCell($0, to: &bytes) }
        }
        bytes += [0x0D, 0x0A]
    }

    /// Appends the UTF-8 text `cell` as a cell to `bytes`: as it is when it needs nothing (the common case, one
    /// copy), else with the formula guard and quoting.
    public static func appendCell(_ cell: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        let guarded = cell.first.map(isFormulaStart) == true && !isPlainNumber(cell)
        let quoted = cell.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
        if !guarded && !quoted {
            bytes.append(contentsOf: cell)
            return
        }
        if quoted { bytes.append(UInt8(ascii: "\"")) }
        if guarded { bytes.append(UInt8(ascii: "'")) }
        for byte in cell {
            if byte == UInt8(ascii: "\"") { bytes.append(byte) }
            bytes.append(byte)
        }
        if quoted { bytes.append(UInt8(ascii: "\"")) }
    }

    private static func isFormulaStart(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "=") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "@")
            || byte == 0x09 || byte == 0x0D
    }

    static func isPlainNumber(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { isPlainNumber($0) }
    }

    static func isPlainNumber(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var digits = 0
        var dots = 0
        for (index, byte) in text.enumerated() {
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
