import Foundation

/// A JSON value with ordered object keys, written without Foundation's encoders so an export can emit one
/// record at a time in a stable, readable key order (`resourceType` first).
public indirect enum JSONNode: Sendable {
    case object([(String, JSONNode)])
    case array([JSONNode])
    case string(String)
    case integer(Int)
    case number(Double)
    case boolean(Bool)
    case null
    /// Bytes that already are one JSON value (a stored survey result), written as they are.
    case raw(Data)

    /// A string, or null for nil.
    public static func optional(_ text: String?) -> JSONNode { text.map(JSONNode.string) ?? .null }

    /// The compact UTF-8 text of the value.
    public var bytes: [UInt8] {
        var output: [UInt8] = []
        write(to: &output)
        return output
    }

    /// Appends the compact UTF-8 text of the value.
    public func write(to output: inout [UInt8]) {
        switch self {
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.writeString(key, to: &output)
                output.append(UInt8(ascii: ":"))
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        case .array(let items):
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                item.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .string(let text): Self.writeString(text, to: &output)
        case .integer(let number): output += Array(String(number).utf8)
        case .number(let number):
            if number.isFinite {
                if number == number.rounded(), abs(number) < 1e15 {
                    output += Array(String(Int(number)).utf8)
                } else {
                    output += Array(String(number).utf8)
                }
            } else {
                output += Array("null".utf8)
            }
        case .boolean(let flag): output += Array((flag ? "true" : "false").utf8)
        case .null: output += Array("null".utf8)
        case .raw(let data): output += data
        }
    }

    /// Writes `text` as a JSON string: quotes, backslashes and control characters escaped.
    static func writeString(_ text: String, to output: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): output += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x0A: output += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: output += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: output += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20:
                output += Array("\\u00".utf8)
                output += [hex[Int(byte >> 4)], hex[Int(byte & 0x0f)]]
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
