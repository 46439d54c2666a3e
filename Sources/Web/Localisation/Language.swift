import Foundation

/// A language pages are written in.
public enum Language: String, Sendable, Hashable, CaseIterable, Codable {
    case english = "en"
    case simplifiedChinese = "zh-Hans"

    /// The BCP 47 tag for `<html lang>` and the language cookie.
    public var tag: String { rawValue }

    /// The language's own name, shown in the language switch.
    public var nativeName: String {
        switch self {
        case .english: "English"
        case .simplifiedChinese: "中文"
        }
    }

    /// The language a tag names: `en`, `en-GB` → English; `zh`, `zh-CN`, `zh-Hans`, `zh-SG` →
    /// Simplified Chinese; traditional Chinese and anything else → `nil`.
    public init?(tag: String) {
        let lower = tag.trimmingCharacters(in: .whitespaces).lowercased()
        let parts = lower.split(separator: "-").map(String.init)
        guard let primary = parts.first else { return nil }
        switch primary {
        case "en": self = .english
        case "zh":
            let traditional: Set<String> = ["hant", "tw", "hk", "mo"]
            if parts.dropFirst().contains(where: traditional.contains) { return nil }
            self = .simplifiedChinese
        default: return nil
        }
    }

    /// The best language for an `Accept-Language` header, by quality then order; `nil` when none fits.
    public static func preferred(acceptLanguage header: String) -> Language? {
        var candidates: [(language: Language, quality: Double, order: Int)] = []
        for (order, item) in header.split(separator: ",").enumerated() {
            let fields = item.split(separator: ";")
            guard let first = fields.first, let language = Language(tag: String(first)) else { continue }
            var quality = 1.0
            for field in fields.dropFirst() {
                let trimmed = field.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("q="), let value = Double(trimmed.dropFirst(2)) { quality = value }
            }
            if quality > 0 { candidates.append((language, quality, order)) }
        }
        return candidates.min { ($1.quality, $0.order) < ($0.quality, $1.order) }?.language
    }
}
