import Foundation

/// A language the Recover study's texts are written in.
public enum StudyLanguage: String, Codable, Hashable, Sendable, CaseIterable {
    case english = "en"
    case simplifiedChinese = "zh-Hans"

    /// The BCP 47 tag, such as `zh-Hans`.
    public var tag: String { rawValue }

    /// The language for a tag such as `zh-Hans`, `zh-CN` or `en-GB`; `nil` when the study has no such texts.
    public init?(tag: String) {
        let lowered = tag.lowercased()
        if lowered == "en" || lowered.hasPrefix("en-") {
            self = .english
        } else if lowered == "zh" || lowered.hasPrefix("zh-hans") || lowered == "zh-cn" || lowered == "zh-sg" {
            self = .simplifiedChinese
        } else {
            return nil
        }
    }
}
