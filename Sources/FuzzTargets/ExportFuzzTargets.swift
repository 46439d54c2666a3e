import ExportFormats
import Foundation

/// What the exports write of arbitrary stored values: CSV cells and JSON strings.
enum ExportFuzzTargets {
    static let all = [csv, json]

    /// A CSV cell never starts a formula, and is quoted whenever it holds a separator, quote or line break.
    /// Checked on the bytes: a combining mark after the opening quote makes one Swift `Character` of both.
    static let csv = FuzzTarget("csv", "CSV cells of arbitrary text") { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        let cell = Array(CSVCell.encode(text).utf8)
        let quote = UInt8(ascii: "\"")
        let isQuoted = cell.count >= 2 && cell.first == quote && cell.last == quote
        let body = isQuoted ? Array(cell.dropFirst()) : cell
        if let first = body.first, Array("=+-@\t\r".utf8).contains(first) {
            check(Double(String(decoding: body, as: UTF8.self)) != nil, "a cell starts a formula")
        }
        if text.utf8.contains(where: { Array(",\"\n\r".utf8).contains($0) }) {
            check(isQuoted, "a cell with a separator is not quoted")
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
