import Cryptography
import Foundation
import Research
import SQLite

/// One published version of one of the study's consent documents (for example version 1.1 of `participation`),
/// in every language the study offers.
///
/// A participant's consent record names no document id: it holds the exact bytes that were signed, and their
/// SHA-256 (bound into the record's binding hash) identifies the version and language it signed. Versions are
/// append-only: a changed document is a new version.
public struct ConsentDocumentVersion: Hashable, Sendable {
    /// The document's id: lowercase letters, digits and hyphens, such as `participation` or `video-sharing`.
    public var documentID: String
    /// The version as the study numbers it, such as `1.1`.
    public var version: String
    /// Whether taking part needs it: a required document gates the feed until the current version is signed.
    public var isRequired: Bool
    /// The text in each language, by BCP 47 tag (`en`, `zh-Hans`).
    public var texts: [String: Text]
    /// When this version took effect.
    public var publishedAt: Date

    /// The document in one language.
    public struct Text: Hashable, Sendable {
        /// The title the participant pages show, such as "Study participation".
        public var title: String
        /// What signing means, shown beside the signature and kept with it.
        public var signatureMeaning: String

        /// The whole HTML document, the exact bytes that are signed.
        public var html: String {
            didSet { sha256 = Crypto.hex(Crypto.sha256(Array(html.utf8))) }
        }
        /// SHA-256 of the HTML's UTF-8 bytes, lowercase hex: how a signed record names this text. Kept, not
        /// recomputed: every participant load compares it with their records.
        public private(set) var sha256: String

        /// A text in one language; its ``sha256`` is computed from `html`.
        public init(title: String, html: String, signatureMeaning: String) {
            self.init(
                title: title, html: html, signatureMeaning: signatureMeaning,
                sha256: Crypto.hex(Crypto.sha256(Array(html.utf8))))
        }

        /// A stored text with the hash stored beside it (`consent_document.html_sha256`).
        init(title: String, html: String, signatureMeaning: String, sha256: String) {
            self.title = title
            self.html = html
            self.signatureMeaning = signatureMeaning
            self.sha256 = sha256
        }
    }

    /// A version with these texts; `publishedAt` is rounded to the millisecond, as the database keeps it.
    public init(documentID: String, version: String, isRequired: Bool, texts: [String: Text], publishedAt: Date) {
        self.documentID = documentID
        self.version = version
        self.isRequired = isRequired
        self.texts = texts
        self.publishedAt = DatabaseDate.rounded(publishedAt)
    }

    /// The text in `language`, else in English, else any.
    public func text(_ language: String) -> Text? {
        texts[language] ?? texts["en"] ?? texts.values.sorted { $0.sha256 < $1.sha256 }.first
    }

    /// The survey engine's consent step content in `language`.
    public func engineDocument(_ language: String) -> ConsentDocument? {
        let tag = [language, "en"].first { texts[$0] != nil } ?? texts.keys.sorted().first
        guard let tag, let text = texts[tag] else { return nil }
        return ConsentDocument(
            html: text.html, version: version, language: tag, signatureAfterContent: true,
            signatureMeaning: text.signatureMeaning)
    }

    /// Whether `sha256` names one of this version's texts.
    public func contains(sha256: String) -> Bool { texts.values.contains { $0.sha256 == sha256 } }
}

/// Where one participant stands with one of the study's documents: its current version and the newest of
/// their records of any of its versions.
public struct ConsentStanding: Hashable, Sendable {
    /// The document's current version.
    public let current: ConsentDocumentVersion
    /// The version their newest record of this document signed, nil when they never signed it.
    public let signedVersion: String?
    /// That record's id.
    public let recordID: String?
    /// When they signed it.
    public let signedAt: Date?

    /// Whether their newest record is of the current version.
    public var isCurrent: Bool { signedVersion == current.version }
    /// Whether the feed is gated on it: required and the current version not signed.
    public var isPending: Bool { current.isRequired && !isCurrent }
}
