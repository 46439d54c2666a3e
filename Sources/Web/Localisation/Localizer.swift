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
        var text = self[key]
        for (name, value) in arguments {
            text = text.replacingOccurrences(of: "{\(name)}", with: value)
        }
        return text
    }
}
