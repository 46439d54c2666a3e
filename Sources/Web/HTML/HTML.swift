/// A fragment of HTML whose string interpolation escapes by default.
///
/// Interpolated strings and numbers are escaped; interpolated `HTML` values are inserted as they
/// are. Markup from anywhere else goes through ``unsafeRaw(_:)``, named so that it stands out in
/// review.
///
/// ```swift
/// let name = "<script>"
/// let page: HTML = "<p>Hello, \(name)</p>"          // <p>Hello, &lt;script&gt;</p>
/// let list: HTML = "<ul>\(items.map { item in HTML("<li>\(item)</li>") })</ul>"
/// ```
public struct HTML: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// The markup.
    public private(set) var rendered: String

    private init(rendered: String) { self.rendered = rendered }

    /// Literal markup written in source code.
    public init(stringLiteral value: String) { rendered = value }

    /// Markup built by interpolation.
    public init(stringInterpolation: Interpolation) { rendered = stringInterpolation.output }

    /// Copies another fragment (lets `HTML("...\(x)...")` read naturally in closures).
    public init(_ html: HTML) { self = html }

    /// Markup inserted without escaping. Only for markup that is already known to be safe (for
    /// example produced by this type); never for user input or content that authors supply.
    public static func unsafeRaw(_ markup: String) -> HTML { HTML(rendered: markup) }

    /// Text escaped for use in element content and quoted attribute values.
    public static func text(_ value: String) -> HTML { HTML(rendered: escape(value)) }

    /// The empty fragment.
    public static let empty = HTML(rendered: "")

    /// The rendered markup, ready to send.
    public var description: String { rendered }

    /// Escapes `&`, `<`, `>`, `"` and `'`, working on the UTF-8 bytes (every special character is ASCII, so
    /// no multi-byte sequence is split); text without them is returned as it is, without a copy.
    public static func escape(_ value: String) -> String {
        var value = value
        return value.withUTF8 { (bytes: UnsafeBufferPointer<UInt8>) -> String? in
            guard let first = bytes.firstIndex(where: isSpecial) else { return nil }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 16)
            output.append(contentsOf: bytes[..<first])
            for byte in bytes[first...] {
                switch byte {
                case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
                case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
                case UInt8(ascii: "\""): output.append(contentsOf: "&quot;".utf8)
                case UInt8(ascii: "'"): output.append(contentsOf: "&#39;".utf8)
                default: output.append(byte)
                }
            }
            return String(decoding: output, as: UTF8.self)
        } ?? value
    }

    @inline(__always)
    private static func isSpecial(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
        default: false
        }
    }

    /// The interpolation that escapes strings and passes `HTML` through.
    public struct Interpolation: StringInterpolationProtocol {
        var output = ""

        /// Starts the output with room for the literal text and the interpolations.
        public init(literalCapacity: Int, interpolationCount: Int) {
            output.reserveCapacity(literalCapacity + interpolationCount * 16)
        }

        /// The literal text of the template: markup, inserted as is.
        public mutating func appendLiteral(_ literal: String) { output += literal }

        /// Text: escaped.
        public mutating func appendInterpolation(_ value: String) { output += HTML.escape(value) }

        /// Numbers and other describable values: escaped.
        public mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            output += HTML.escape(value.description)
        }

        /// Markup: inserted as is.
        public mutating func appendInterpolation(_ html: HTML) { output += html.rendered }

        /// A list of fragments, concatenated.
        public mutating func appendInterpolation(_ list: [HTML]) {
            for html in list { output += html.rendered }
        }

        /// An optional fragment: nothing when `nil`.
        public mutating func appendInterpolation(_ html: HTML?) { output += html?.rendered ?? "" }
    }
}

extension Array where Element == HTML {
    /// The fragments concatenated.
    public var joined: HTML { HTML.unsafeRaw(map(\.rendered).joined()) }
}
