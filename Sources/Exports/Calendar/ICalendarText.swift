import Foundation

/// The text rules of iCalendar (RFC 5545, section 3): TEXT values escaped (`\\`, `\;`, `\,`, `\n`), content
/// lines folded at 75 octets of UTF-8 without splitting a character, CRLF line ends.
///
/// ```swift
/// var lines = ICalendarText()
/// lines.add("SUMMARY", text: "Check-in; daily")   // SUMMARY:Check-in\; daily
/// let body = lines.document                        // CRLF-terminated, folded
/// ```
public struct ICalendarText: Sendable {
    /// The longest a physical line may be, in octets, without its CRLF.
    public static let lineLimit = 75

    /// The document so far.
    public private(set) var document = ""

    /// An empty document.
    public init() {}

    /// Adds `NAME[;PARAMS]:value` with `value` written as it is (dates, numbers, URIs, durations).
    public mutating func add(_ name: String, _ value: String) {
        document += Self.folded("\(name):\(value)")
    }

    /// Adds `NAME[;PARAMS]:value` with `value` escaped as TEXT.
    public mutating func add(_ name: String, text: String) {
        add(name, Self.escaped(text))
    }

    /// A TEXT value escaped: backslash, semicolon, comma and line breaks (CRLF, CR or LF become `\n`); other
    /// control characters, which TEXT does not allow, are dropped.
    public static func escaped(_ text: String) -> String {
        var result = ""
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\r": result += "\\n"
            case "\n": if !previousWasCR { result += "\\n" }
            case "\t": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// One content line folded into physical lines of at most ``lineLimit`` octets (a continuation line's
    /// leading space counts), each ending in CRLF; the UTF-8 bytes of a character (a Unicode scalar) are never split.
    public static func folded(_ line: String) -> String {
        var result = ""
        var used = 0
        for scalar in line.unicodeScalars {
            let size = UTF8.width(scalar)
            if used + size > lineLimit {
                result += "\r\n "
                used = 1
            }
            result.unicodeScalars.append(scalar)
            used += size
        }
        return result + "\r\n"
    }
}
