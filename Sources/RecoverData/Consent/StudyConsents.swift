import Foundation
import Recover

/// The consent documents the Recover study ships with: taking part (required) and sharing knee videos for
/// teaching (optional), each at version 1.0 in every study language. They are part of the software, not stored; later versions
/// are published into the database with `recover consent publish` (``ConsentLibrary/publish(_:in:)``).
public enum StudyConsents {
    /// The id of the optional video-sharing document.
    public static let videoSharing = "video-sharing"

    /// When the shipped versions took effect: before any participant could sign them.
    public static let shippedAt = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    /// The shipped documents.
    public static let builtIn: [ConsentDocumentVersion] = {
        var participation: [String: ConsentDocumentVersion.Text] = [:]
        var video: [String: ConsentDocumentVersion.Text] = [:]
        for language in StudyLanguage.allCases {
            let document = ConsentDocuments.consent(language: language)
            participation[language.tag] = ConsentDocumentVersion.Text(
                title: ConsentDocuments.title(language: language), html: document.html,
                signatureMeaning: document.signatureMeaning)
            let sharing = ConsentDocuments.videoSharing(language: language)
            video[language.tag] = ConsentDocumentVersion.Text(
                title: sharing.title, html: sharing.html, signatureMeaning: sharing.meaning)
        }
        return [
            ConsentDocumentVersion(
                documentID: ConsentLibrary.participation, version: ConsentDocuments.version, isRequired: true,
                texts: participation, publishedAt: shippedAt),
            ConsentDocumentVersion(
                documentID: videoSharing, version: ConsentDocuments.videoSharingVersion, isRequired: false,
                texts: video, publishedAt: shippedAt),
        ]
    }()
}
