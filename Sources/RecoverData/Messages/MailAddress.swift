/// The check every e-mail address passes before it is queued or put on an envelope: `local@domain`, at most 254
/// bytes (RFC 5321's path limit), a local part of at most 64, a domain of labels with letters, digits and
/// hyphens, and nothing that could end a header or an SMTP command (no space, control character, `<`, `>`,
/// comma, quote). Stricter than RFC 5322, as forms are.
public enum MailAddress {
    /// Whether `text` is an address Recover sends to.
    public static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard (3...254).contains(bytes.count), let at = bytes.lastIndex(of: UInt8(ascii: "@")) else { return false }
        let local = bytes[..<at]
        let domain = bytes[(at + 1)...]
        guard (1...64).contains(local.count), (1...253).contains(domain.count) else { return false }
        let forbidden = Set("<>()[]\\,;:\"@ ".utf8)
        guard local.allSatisfy({ $0 > 0x20 && $0 < 0x7F && !forbidden.contains($0) }),
            local.first != UInt8(ascii: "."), local.last != UInt8(ascii: ".")
        else { return false }
        let labels = domain.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return labels.allSatisfy { label in
            (1...63).contains(label.count) && label.first != UInt8(ascii: "-") && label.last != UInt8(ascii: "-")
                && label.allSatisfy { byte in
                    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                        || byte == UInt8(ascii: "-")
                }
        }
    }
}
