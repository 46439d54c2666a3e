import Foundation
import Recover

/// The consent documents the Recover study ships with, as its study file gives them (`consents`): taking part
/// (required) and sharing knee videos for teaching (optional). They are part of the software, not stored; later
/// versions are published into the database with `recover consent publish` or a study version that gives them
/// (``ConsentLibrary/publish(_:in:)``).
public enum StudyConsents {
    /// The id of the optional video-sharing document.
    public static let videoSharing = "video-sharing"

    /// When the shipped versions took effect: before any participant could sign them.
    public static let shippedAt = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    /// The shipped documents.
    public static let builtIn: [ConsentDocumentVersion] = RecoverStudy.shipped.consents.map {
        ConsentDocumentVersion($0, publishedAt: shippedAt)
    }
}

extension ConsentDocumentVersion {
    /// A study file's consent document as a version taking effect at `publishedAt`.
    public init(_ consent: StudyConsent, publishedAt: Date) {
        self.init(
            documentID: consent.id, version: consent.version, isRequired: consent.isRequired,
            texts: consent.languages.mapValues {
                Text(title: $0.title, html: $0.html, signatureMeaning: $0.signatureMeaning)
            }, publishedAt: publishedAt)
    }
}

extension StudyConsent {
    /// A published version as a study file writes it.
    public init(_ version: ConsentDocumentVersion) {
        self.init(
            id: version.documentID, version: version.version, isRequired: version.isRequired,
            languages: version.texts.mapValues {
                StudyConsent.Text(title: $0.title, html: $0.html, signatureMeaning: $0.signatureMeaning)
            })
    }
}
