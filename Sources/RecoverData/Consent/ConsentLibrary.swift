import Cryptography
import Foundation
import Recover
import SQLite

/// The study's consent documents and their versions: those it shipped with and those published since
/// (`consent_document`, one row per version and language, append-only and audited), and where each
/// participant stands with them.
///
/// ```swift
/// try database.write { db in try ConsentLibrary.publish(newVersion, in: db) }
/// let pending = try database.read { db in try ConsentLibrary.standings(patientID: id, in: db) }
///     .filter(\.isPending)
/// ```
public enum ConsentLibrary {
    /// The document every participant signs in onboarding.
    public static let participation = "participation"

    /// Publishes `version` as the document's current version, audited as the connection's actor. Refuses (and
    /// stores nothing) an id that is not lowercase letters, digits and hyphens, a version number already
    /// published for the document, a study language without its text, and an empty title, document or meaning.
    public static func publish(_ version: ConsentDocumentVersion, in db: StoreConnection) throws {
        let problems = try self.problems(of: version, in: db)
        guard problems.isEmpty else { throw ConsentLibraryError(problems: problems) }
        for (language, text) in version.texts.sorted(by: { $0.key < $1.key }) {
            let id = "\(version.documentID)/\(version.version)/\(language)"
            try AuditTrail.recordChange(of: AuditedRow(table: "consent_document", key: id), participantID: nil, in: db)
            {
                try db.execute(
                    """
                    INSERT INTO consent_document (id, document_id, version, language, title, html, html_sha256,
                        signature_meaning, required, published_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    [
                        id, version.documentID, version.version, language, text.title, Data(text.html.utf8),
                        text.sha256, text.signatureMeaning, version.isRequired ? 1 : 0, version.publishedAt,
                    ])
            }
        }
    }

    /// Everything wrong with `version` as the next version of its document, each problem named by its field.
    public static func problems(of version: ConsentDocumentVersion, in db: StoreConnection) throws -> [String] {
        var problems: [String] = []
        let idCharacters = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
        if version.documentID.isEmpty || version.documentID.count > 64
            || !version.documentID.allSatisfy(idCharacters.contains)
        {
            problems.append("document: '\(version.documentID)' must be 1 to 64 lowercase letters, digits or hyphens")
        }
        let versionCharacters = Set("0123456789.abcdefghijklmnopqrstuvwxyz-")
        if version.version.isEmpty || version.version.count > 32
            || !version.version.allSatisfy(versionCharacters.contains)
        {
            problems.append("version: '\(version.version)' must be 1 to 32 letters, digits, dots or hyphens")
        } else if try versions(in: db).contains(where: {
            $0.documentID == version.documentID && $0.version == version.version
        }) {
            problems.append("version: \(version.documentID) \(version.version) is already published")
        }
        for language in StudyLanguage.allCases where version.texts[language.tag] == nil {
            problems.append("languages.\(language.tag): missing (the study offers it)")
        }
        for (language, text) in version.texts.sorted(by: { $0.key < $1.key }) {
            if StudyLanguage(rawValue: language) == nil {
                problems.append("languages.\(language): not a language of the study")
            }
            if text.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                problems.append("languages.\(language).title: empty")
            }
            if text.html.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                problems.append("languages.\(language).html: empty")
            }
            if text.signatureMeaning.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                problems.append("languages.\(language).signatureMeaning: empty")
            }
        }
        if let current = try current(documentID: version.documentID, in: db) {
            if current.isRequired != version.isRequired {
                let was = current.isRequired ? "required" : "optional"
                problems.append("required: version \(current.version) is \(was); a document cannot change this")
            }
            if version.publishedAt < current.publishedAt {
                problems.append("publishedAt: before version \(current.version) took effect")
            }
        }
        return problems
    }

    /// Every version of every document, each document's oldest first: the versions the study shipped with
    /// (``StudyConsents/builtIn``, part of the software), then those published into this database.
    public static func versions(in db: StoreConnection) throws -> [ConsentDocumentVersion] {
        let published = try publishedVersions(in: db)
        let shipped = StudyConsents.builtIn.filter { version in
            !published.contains { $0.documentID == version.documentID && $0.version == version.version }
        }
        return shipped + published
    }

    /// The versions stored in `consent_document`, in the order they took effect.
    public static func publishedVersions(in db: StoreConnection) throws -> [ConsentDocumentVersion] {
        var versions: [ConsentDocumentVersion] = []
        var index: [String: Int] = [:]
        try db.forEachRow("SELECT * FROM consent_document ORDER BY published_at, document_id, version, language") {
            row in
            let key = "\(try row.string("document_id"))/\(try row.string("version"))"
            let text = ConsentDocumentVersion.Text(
                title: try row.string("title"), html: String(decoding: try row.data("html"), as: UTF8.self),
                signatureMeaning: try row.string("signature_meaning"), sha256: try row.string("html_sha256"))
            if let at = index[key] {
                versions[at].texts[try row.string("language")] = text
            } else {
                index[key] = versions.count
                versions.append(
                    ConsentDocumentVersion(
                        documentID: try row.string("document_id"), version: try row.string("version"),
                        isRequired: try row.int("required") != 0, texts: [try row.string("language"): text],
                        publishedAt: try row.date("published_at")))
            }
        }
        return versions
    }

    /// Each document's current version (its newest), in the order the documents were first published.
    public static func current(in db: StoreConnection) throws -> [ConsentDocumentVersion] {
        latest(of: try versions(in: db))
    }

    /// The newest of each document's `versions` (oldest first), in the order the documents first appear.
    public static func latest(of versions: [ConsentDocumentVersion]) -> [ConsentDocumentVersion] {
        var latest: [String: ConsentDocumentVersion] = [:]
        var order: [String] = []
        for version in versions {
            if latest[version.documentID] == nil { order.append(version.documentID) }
            latest[version.documentID] = version
        }
        return order.compactMap { latest[$0] }
    }

    /// The current version of `documentID`, nil when it was never published.
    public static func current(documentID: String, in db: StoreConnection) throws -> ConsentDocumentVersion? {
        try current(in: db).first { $0.documentID == documentID }
    }

    /// The text whose SHA-256 is `sha256` (of any version, shipped or published), with its version.
    public static func version(containing sha256: String, in db: StoreConnection) throws -> (
        version: ConsentDocumentVersion, language: String
    )? {
        for version in try versions(in: db) {
            if let text = version.texts.first(where: { $0.value.sha256 == sha256 }) { return (version, text.key) }
        }
        return nil
    }

    /// Where the participant stands with each current document, in the documents' order.
    public static func standings(patientID: String, in db: StoreConnection) throws -> [ConsentStanding] {
        let versions = try versions(in: db)
        var byHash: [String: ConsentDocumentVersion] = [:]
        for version in versions { for text in version.texts.values { byHash[text.sha256] = version } }
        // The newest record of each document; of two signed at the same instant, the later-published version.
        var newest: [String: (version: ConsentDocumentVersion, id: String, at: Date)] = [:]
        try db.forEachRow(
            "SELECT id, document_sha256, signed_at FROM consent_record WHERE patient_id = ? ORDER BY signed_at, id",
            [patientID]
        ) { row in
            guard let version = byHash[try row.string("document_sha256")] else { return }
            let at = try row.date("signed_at")
            if let kept = newest[version.documentID], kept.at == at, kept.version.publishedAt > version.publishedAt {
                return
            }
            newest[version.documentID] = (version, try row.string("id"), at)
        }
        return latest(of: versions).map { current in
            let signed = newest[current.documentID]
            return ConsentStanding(
                current: current, signedVersion: signed?.version.version, recordID: signed?.id, signedAt: signed?.at)
        }
    }
}

/// Why a consent document version was refused: every problem, named by its field.
public struct ConsentLibraryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The problems, such as `version: participation 1.0 is already published`.
    public let problems: [String]

    /// An error naming these problems.
    public init(problems: [String]) { self.problems = problems }

    /// The problems, one a line.
    public var description: String { problems.joined(separator: "\n") }
}
