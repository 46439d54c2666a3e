import Foundation

/// Looks up user-facing strings in the catalog of one language.
///
/// Keys are dotted (`signIn.title`); `{name}` placeholders are filled from `arguments`. A missing
/// key falls back to English, then to the key itself (a test checks that both catalogs have every
/// key, so the fallback never shows in practice).
///
/// ```swift
/// let t = Localizer(request.language)
/// let title = t["signIn.title"]
/// let line = t("home.welcome", ["email": account.email])
/// ```
public struct Localizer: Sendable {
    /// The language strings come from.
    public let language: Language

    /// A localizer for `language`.
    public init(_ language: Language) { self.language = language }

    /// The string for `key`.
    public subscript(_ key: String) -> String {
        Catalog.strings(for: language)[key] ?? Catalog.strings(for: .english)[key] ?? key
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
