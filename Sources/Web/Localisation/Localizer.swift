import Foundation

/// Looks up user-facing strings of one language in a ``Catalog``.
///
/// Keys are dotted (`signIn.title`); `{name}` placeholders are filled from `arguments`. A missing
/// key falls back to English, then to the key itself (an app's test checks that every language has
/// every key, so the fallback never shows in practice).
///
/// ```swift
/// let t = Localizer(request.language, catalog: catalog)
/// let title = t["signIn.title"]
/// let line = t("home.welcome", ["email": account.email])
/// ```
public struct Localizer: Sendable {
    /// The language strings come from.
    public let language: Language
    /// Where they come from.
    public let catalog: Catalog

    /// A localizer for `language` over `catalog`.
    public init(_ language: Language, catalog: Catalog) {
        self.language = language
        self.catalog = catalog
    }

    /// The string for `key`.
    public subscript(_ key: String) -> String {
        catalog.string(key, in: language) ?? key
    }

    /// The string for `key` with `{name}` placeholders replaced by `arguments`.
    public func callAsFunction(_ key: String, _ arguments: [String: String] = [:]) -> String {
        Self.fill(self[key], arguments)
    }

    /// `template` with each `{name}` whose name is a key of `arguments` replaced by its value, in one pass over
    /// the UTF-8 bytes (values are not searched again); other braces stay as written.
    public static func fill(_ template: String, _ arguments: [String: String]) -> String {
        guard !arguments.isEmpty, template.utf8.contains(UInt8(ascii: "{")) else { return template }
        let bytes = Array(template.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 32)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "{"),
                let close = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "}")),
                let value = arguments[String(decoding: bytes[(index + 1)..<close], as: UTF8.self)]
            {
                output.append(contentsOf: value.utf8)
                index = close + 1
            } else {
                output.append(byte)
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
