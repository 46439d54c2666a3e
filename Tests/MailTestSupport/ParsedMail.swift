import Foundation

/// A received message taken apart with Foundation only, independently of the code that wrote it: headers
/// unfolded and RFC 2047 words decoded, the MIME parts of a multipart body with their bodies decoded.
public struct ParsedMail {
    public struct Part {
        public let headers: [String: String]
        public let body: String
    }

    /// Header names in lower case; the values unfolded, encoded words decoded.
    public let headers: [String: String]
    /// The raw header lines as received, folded lines kept.
    public let rawHeaderLines: [String]
    public let parts: [Part]

    public init(_ raw: Data) throws {
        let text = String(decoding: raw, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { throw Malformed("no blank line after the headers") }
        rawHeaderLines = text[..<split.lowerBound].components(separatedBy: "\r\n")
        headers = try Self.headers(rawHeaderLines)
        let body = String(text[split.upperBound...])
        guard let type = headers["content-type"], let range = type.range(of: "boundary=\"") else {
            throw Malformed("not multipart")
        }
        let boundary = String(type[range.upperBound...].prefix { $0 != "\"" })
        let sections = body.components(separatedBy: "--\(boundary)")
        guard sections.count >= 3, sections.last?.hasPrefix("--") == true else {
            throw Malformed("no closing boundary")
        }
        parts = try sections.dropFirst().dropLast().map { section in
            let content = section.hasPrefix("\r\n") ? String(section.dropFirst()) : section
            guard let end = content.range(of: "\r\n\r\n") else { throw Malformed("a part has no headers") }
            let partHeaders = try Self.headers(content[..<end.lowerBound].components(separatedBy: "\r\n"))
            var encoded = String(content[end.upperBound...])
            if encoded.hasSuffix("\r\n") { encoded.removeLast() }
            let decoded: Data
            switch partHeaders["content-transfer-encoding"]?.lowercased() {
            case "base64":
                guard let data = Data(base64Encoded: encoded.replacingOccurrences(of: "\r\n", with: "")) else {
                    throw Malformed("bad base64")
                }
                decoded = data
            case "quoted-printable": decoded = try Self.quotedPrintable(encoded)
            default: decoded = Data(encoded.utf8)
            }
            return Part(headers: partHeaders, body: String(decoding: decoded, as: UTF8.self))
        }
    }

    public struct Malformed: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    static func headers(_ lines: [String]) throws -> [String: String] {
        var unfolded: [String] = []
        for line in lines {
            if line.hasPrefix(" ") || line.hasPrefix("\t"), !unfolded.isEmpty {
                unfolded[unfolded.count - 1] += line
            } else {
                unfolded.append(line)
            }
        }
        var result: [String: String] = [:]
        for line in unfolded {
            guard let colon = line.firstIndex(of: ":") else { throw Malformed("a header line without a colon") }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            result[name] = try decodeWords(value)
        }
        return result
    }

    /// RFC 2047 `=?UTF-8?B?...?=` words decoded; the whitespace between adjacent words dropped.
    static func decodeWords(_ value: String) throws -> String {
        guard value.contains("=?") else { return value }
        var output = ""
        var rest = Substring(value)
        while let start = rest.range(of: "=?UTF-8?B?", options: .caseInsensitive) {
            let before = rest[..<start.lowerBound]
            if !before.allSatisfy(\.isWhitespace) { output += before }
            guard let end = rest[start.upperBound...].range(of: "?=") else { throw Malformed("unterminated word") }
            guard let data = Data(base64Encoded: String(rest[start.upperBound..<end.lowerBound])) else {
                throw Malformed("bad encoded word")
            }
            output += String(decoding: data, as: UTF8.self)
            rest = rest[end.upperBound...]
        }
        return output + rest
    }

    static func quotedPrintable(_ text: String) throws -> Data {
        var bytes: [UInt8] = []
        let lines = text.components(separatedBy: "\r\n")
        for (index, line) in lines.enumerated() {
            var scalars = Array(line.utf8)
            let soft = scalars.last == UInt8(ascii: "=")
            if soft { scalars.removeLast() }
            var position = 0
            while position < scalars.count {
                if scalars[position] == UInt8(ascii: "=") {
                    guard position + 2 < scalars.count,
                        let byte = UInt8(
                            String(decoding: scalars[(position + 1)...(position + 2)], as: UTF8.self), radix: 16)
                    else { throw Malformed("bad quoted-printable escape") }
                    bytes.append(byte)
                    position += 3
                } else {
                    bytes.append(scalars[position])
                    position += 1
                }
            }
            if !soft && index < lines.count - 1 { bytes += [13, 10] }
        }
        return Data(bytes)
    }
}
