import CMicroHTTPD

/// A request's line and header fields as libmicrohttpd parsed them, with where each part sits in the bytes
/// received, checked strictly before the request reaches the application (RFC 9112): what libmicrohttpd
/// 0.9.75 lets through is refused here with a 400 and the connection closed.
///
/// Refused: a target with `%00`, a control character or a space; a field name that is not a token (`Host :`
/// arrives as the name `Host `); a field value with a control character (a bare CR, a NUL); two different
/// `Content-Length`s or one that is not digits; `Transfer-Encoding` together with `Content-Length`, twice,
/// other than `chunked`, or in HTTP/1.0; two `Host` fields; and line endings other than CRLF or folded
/// (obs-fold) fields.
///
/// The last two leave no trace in the parsed values, so they are found from the layout: libmicrohttpd parses
/// the head in place in one buffer, so the method, target, version and each field's name and value sit at
/// the offsets of the raw bytes, and the gaps between them are the separators. Every line must end in
/// exactly two bytes (CR LF) and the head in four; a folded line moves its field's name elsewhere in
/// libmicrohttpd's memory, a bare LF leaves a one-byte gap, a NUL cuts a value short. This reads only the
/// pointers libmicrohttpd hands out, never its memory, and is done only on the version it was verified on
/// (``layoutIsChecked``); newer versions have `MHD_OPTION_CLIENT_DISCIPLINE_LVL` for it.
struct RequestHead {
    /// One header field, with the offsets of its name and value from the start of the request line.
    struct Field {
        var name: [UInt8]
        var value: [UInt8]
        var nameOffset: Int
        var valueOffset: Int
    }

    /// What is wrong with a head (for tests and logs; the client gets a plain 400).
    enum Problem: String, Sendable {
        case target = "invalid request target"
        case fieldName = "invalid field name"
        case fieldValue = "invalid field value"
        case layout = "line ending other than CRLF, folded field, or NUL"
        case contentLength = "conflicting or invalid Content-Length"
        case transferEncoding = "Transfer-Encoding other than chunked alone"
        case host = "more than one Host"
    }

    var methodLength: Int
    var targetOffset: Int
    /// The raw target's length, or `nil` when the URI log callback did not see it.
    var rawTargetLength: Int?
    var rawTargetRefused = false
    var versionOffset: Int
    var version: String
    var fields: [Field] = []
    /// The bytes of the request line and header fields with their line endings (0 when unknown).
    var headSize = 0

    /// Whether the layout is checked: on the libmicrohttpd version whose in-place parsing it was verified on.
    static let layoutIsChecked = String(cString: MHD_get_version()) == "0.9.75"

    /// The first problem found, or `nil` for a head that may go on.
    func problem(checkingLayout: Bool = Self.layoutIsChecked) -> Problem? {
        if rawTargetRefused { return .target }
        for field in fields {
            if field.name.isEmpty || !field.name.allSatisfy(Self.isTokenByte) { return .fieldName }
            if !field.value.allSatisfy(Self.isValueByte) { return .fieldValue }
        }
        if checkingLayout, !layoutIsExact { return .layout }
        return framingProblem
    }

    /// Whether every separator is where CRLF framing with single spaces in the request line puts it.
    var layoutIsExact: Bool {
        guard let rawTargetLength, targetOffset == methodLength + 1,
            versionOffset == targetOffset + rawTargetLength + 1
        else { return false }
        var end = versionOffset + version.utf8.count
        for field in fields {
            guard field.nameOffset == end + 2, field.valueOffset > field.nameOffset + field.name.count else {
                return false
            }
            end = field.valueOffset + field.value.count
        }
        return headSize == 0 || headSize == end + 4
    }

    /// RFC 9112 §6.3: where a body ends must be clear, the same for every reader.
    var framingProblem: Problem? {
        let lengths = values(of: "content-length").flatMap {
            $0.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map(Self.trimmed)
        }
        if !lengths.isEmpty {
            let isNumber = { (text: [UInt8]) in !text.isEmpty && text.allSatisfy { (48...57).contains($0) } }
            guard lengths.allSatisfy(isNumber) else { return .contentLength }
            // The same length given twice is one length; two different ones are two ends of the body.
            if Set(lengths.map { Array($0.drop { $0 == UInt8(ascii: "0") }) }).count > 1 { return .contentLength }
        }
        let encodings = values(of: "transfer-encoding")
        if !encodings.isEmpty {
            let isChunked =
                encodings.count == 1 && Self.trimmed(encodings[0]).map(Self.lowercased) == Array("chunked".utf8)
            if !isChunked || !lengths.isEmpty || version == "HTTP/1.0" { return .transferEncoding }
        }
        if values(of: "host").count > 1 { return .host }
        return nil
    }

    /// `bytes` without the spaces and tabs around them.
    static func trimmed(_ bytes: some Collection<UInt8>) -> [UInt8] {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        return Array(Array(bytes.drop(while: isSpace)).reversed().drop(while: isSpace).reversed())
    }

    /// The values of every field named `name` (lower case).
    func values(of name: String) -> [[UInt8]] {
        let wanted = Array(name.utf8)
        return fields.filter { field in
            field.name.count == wanted.count && zip(field.name, wanted).allSatisfy { Self.lowercased($0) == $1 }
        }.map(\.value)
    }

    /// RFC 9110 `tchar`.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"):
            true
        default: Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    /// A field value's bytes: visible characters, obs-text, space and tab; no control character.
    static func isValueByte(_ byte: UInt8) -> Bool { byte == 0x09 || (byte >= 0x20 && byte != 0x7F) }

    static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
