import Foundation

/// Where a survey is published as a FHIR Questionnaire: its canonical `url` and, optionally, its `version`.
///
/// Kept so a Questionnaire imported from FHIR exports under the URL it came with
/// (`{"canonical": {"url": "http://example.org/Questionnaire/phq-9", "version": "2"}}` in the survey JSON).
public struct SurveyCanonical: Codable, Hashable, Sendable {
    /// The Questionnaire's canonical URL.
    public var url: String
    /// The Questionnaire's business version, if it has one.
    public var version: String?

    /// Creates a `SurveyCanonical` from its members.
    public init(url: String, version: String? = nil) {
        self.url = url
        self.version = version
    }

    /// The canonical reference: `url|version`, or the URL alone without a version.
    public var reference: String { version.map { "\(url)|\($0)" } ?? url }
}
