/// User-facing strings by language and dotted key (`signIn.title`), looked up by ``Localizer``. An app
/// builds one from its areas' tables; `{name}` placeholders are filled at lookup.
///
/// The framework's own messages use these keys, which an app's catalog provides: `error.<status>.title`
/// and `error.<status>.message` (``HTTPError``, ``ErrorMiddleware``), `error.badForm` (``FormData``) and
/// `error.csrf` (``CSRFMiddleware``).
///
/// ```swift
/// let catalog = Catalog([.english: ["home.title": "Home"], .simplifiedChinese: ["home.title": "首页"]])
///     .merging(consoleStrings)
/// let title = Localizer(.simplifiedChinese, catalog: catalog)["home.title"]
/// ```
public struct Catalog: Sendable {
    private let tables: [Language: [String: String]]

    /// A catalog of the given strings per language.
    public init(_ tables: [Language: [String: String]]) { self.tables = tables }

    /// The strings of `language`.
    public func strings(for language: Language) -> [String: String] { tables[language] ?? [:] }

    /// The string for `key` in `language`, else in English, else `nil`.
    public func string(_ key: String, in language: Language) -> String? {
        tables[language]?[key] ?? tables[.english]?[key]
    }

    /// This catalog with the keys of `other` added; for a key in both, this catalog's string stays.
    public func merging(_ other: Catalog) -> Catalog {
        var merged = tables
        for (language, strings) in other.tables {
            merged[language, default: [:]].merge(strings) { mine, _ in mine }
        }
        return Catalog(merged)
    }
}
