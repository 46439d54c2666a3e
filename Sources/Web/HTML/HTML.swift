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

    public var description: String { rendered }

    /// Escapes `&`, `<`, `>`, `"` and `'`.
    public static func escape(_ value: String) -> String {
        let special: Set<UInt8> = [
            UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"),
        ]
        if !value.utf8.contains(where: special.contains) { return value }
        var output = ""
        output.reserveCapacity(value.utf8.count)
        for character in value.unicodeScalars {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.unicodeScalars.append(character)
            }
        }
        return output
    }

    /// The interpolation that escapes strings and passes `HTML` through.
    public struct Interpolation: StringInterpolationProtocol {
        var output = ""

        public init(literalCapacity: Int, interpolationCount: Int) {
            output.reserveCapacity(literalCapacity + interpolationCount * 16)
        }

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
