import Exports
import Foundation

/// What the exports write of arbitrary stored values: CSV cells and JSON strings.
enum ExportFuzzTargets {
    static let all = [csv, json]

    /// A CSV cell never starts a formula, and is quoted whenever it holds a separator, quote or line break.
    static let csv = FuzzTarget("csv", "CSV cells of arbitrary text") { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        let cell = CSVCell.encode(text)
        let body = cell.hasPrefix("\"") ? String(cell.dropFirst()) : cell
        if let first = body.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) {
            check(Double(body) != nil, "a cell starts a formula")
        }
        if text.contains(where: { ",\"\n\r".contains($0) }) {
            check(cell.hasPrefix("\"") && cell.hasSuffix("\""), "a cell with a separator is not quoted")
        }
    }

    /// A JSON string of arbitrary text parses back to the same text.
    static let json = FuzzTarget("json", "JSON strings of arbitrary text, parsed back") { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        let document = JSONNode.array([.string(text)]).bytes
        let parsed = try? JSONSerialization.jsonObject(with: Data(document)) as? [String]
        check(parsed == [text], "a JSON string does not parse back to its text")
    }
}
