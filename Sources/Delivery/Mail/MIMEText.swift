import Foundation

/// The encodings a message's headers and parts are written in: RFC 2047 encoded words for headers that are not
/// ASCII, quoted-printable and base64 (RFC 2045) for bodies, all in lines of at most 76 characters.
enum MIMEText {
    /// `"Name" <address>`, the name quoted when ASCII and encoded otherwise; `<address>` alone without a name.
    static func mailbox(_ address: String, name: String?) -> String {
        guard let name, !name.isEmpty else { return "<\(address)>" }
        if isPlainASCII(name) {
            let quoted = name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            return "\"\(quoted)\" <\(address)>"
        }
        return "\(encodedHeader(name, nameLength: "From: ".count)) <\(address)>"
    }

    /// A header value as it is when printable ASCII, otherwise as UTF-8 base64 encoded words of at most 75
    /// characters each, whole characters only, folded onto continuation lines.
    static func encodedHeader(_ value: String, nameLength: Int) -> String {
        if isPlainASCII(value) && nameLength + value.utf8.count <= 78 { return value }
        let limit = 45  // bytes per word: 60 base64 characters plus `=?UTF-8?B?` and `?=` stay within 75
        var words: [String] = []
        var chunk: [UInt8] = []
        for character in value {
            let bytes = Array(String(character).utf8)
            if chunk.count + bytes.count > limit, !chunk.isEmpty {
                words.append(word(chunk))
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty { words.append(word(chunk)) }
        return words.joined(separator: "\r\n ")
    }

    private static func word(_ bytes: [UInt8]) -> String { "=?UTF-8?B?\(Data(bytes).base64EncodedString())?=" }

    static func isPlainASCII(_ text: String) -> Bool { text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }

    /// Whether a body is mostly not ASCII (Chinese): base64 is then shorter than quoted-printable.
    static func prefersBase64(_ text: String) -> Bool {
        let bytes = text.utf8
        return bytes.filter { $0 >= 0x80 }.count * 5 > bytes.count
    }

    /// A header folded at spaces so that no physical line is over 78 characters (RFC 5322 2.2.3); a line with
    /// no space to fold at stays as it is (at most 998, as the message's checks keep it).
    static func folded(_ header: String) -> String {
        header.components(separatedBy: "\r\n").map { line in
            var rest = Substring(line)
            var lines: [Substring] = []
            while rest.utf8.count > 78,
                let space = rest.utf8.prefix(79).dropFirst().lastIndex(of: UInt8(ascii: " "))
            {
                lines.append(rest[..<space])
                rest = rest[space...]
            }
            return (lines + [rest]).joined(separator: "\r\n")
        }.joined(separator: "\r\n")
    }

    /// `text` (line ends normalised to CRLF) in base64, 76 characters a line.
    static func base64Lines(_ text: String) -> String {
        let encoded = Data(crlf(text).utf8).base64EncodedString()
        var lines: [Substring] = []
        var start = encoded.startIndex
        while start < encoded.endIndex {
            let end = encoded.index(start, offsetBy: 76, limitedBy: encoded.endIndex) ?? encoded.endIndex
            lines.append(encoded[start..<end])
            start = end
        }
        return lines.joined(separator: "\r\n")
    }

    /// `text` in quoted-printable: each line's bytes literal when printable (and not `=`), `=XX` otherwise, a
    /// space or tab before a line end encoded, a line's leading `.` encoded (SMTP), soft breaks at 76.
    static func quotedPrintable(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var output: [String] = []
        for line in crlf(text).components(separatedBy: "\r\n") {
            let bytes = Array(line.utf8)
            var current: [UInt8] = []
            for (index, byte) in bytes.enumerated() {
                let isLast = index == bytes.count - 1
                let literal =
                    (byte >= 33 && byte <= 126 && byte != UInt8(ascii: "="))
                    || ((byte == 0x20 || byte == 0x09) && !isLast)
                let escaped = [UInt8(ascii: "="), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
                var piece = literal ? [byte] : escaped
                if current.count + piece.count > 75 {
                    output.append(String(decoding: current + [UInt8(ascii: "=")], as: UTF8.self))
                    current = []
                }
                if current.isEmpty && byte == UInt8(ascii: ".") { piece = escaped }
                current += piece
            }
            output.append(String(decoding: current, as: UTF8.self))
        }
        return output.joined(separator: "\r\n")
    }

    /// Line ends as CRLF, whatever they were.
    static func crlf(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .replacingOccurrences(of: "\n", with: "\r\n")
    }
}
