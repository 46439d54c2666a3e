import Foundation
import Research
import SQLite

extension StudyDatabase {
    /// Every version of every consent document, each document's oldest first.
    public func consentVersions() throws -> [ConsentDocumentVersion] {
        try database.read { db in try ConsentLibrary.versions(in: db) }
    }

    /// The version and language whose text has SHA-256 `sha256`, nil when no version has it.
    public func consentText(sha256: String) throws -> (version: ConsentDocumentVersion, language: String)? {
        try database.read { db in try ConsentLibrary.version(containing: sha256, in: db) }
    }

    /// Where the participant stands with each current consent document.
    public func consentStandings(patientID: String) throws -> [ConsentStanding] {
        try database.read { db in try ConsentLibrary.standings(patientID: patientID, in: db) }
    }

    /// Publishes a new version of a consent document, audited as `actor`; throws ``ConsentLibraryError``
    /// naming every problem, and nothing is stored.
    public func publishConsent(_ version: ConsentDocumentVersion, by actor: String) throws {
        try database.write { db in
            db.auditActor = actor
            try ConsentLibrary.publish(version, in: db)
        }
    }

    /// Stores the participant's signature of the current version of `documentID` (the consent step's
    /// result), signed by the server, in one transaction. `id` is the page's run id, so a repeated post stores
    /// nothing twice (false). Throws ``StudyRecordError``: `.outOfDate` when a version was published since the
    /// page was shown, `.signatureMissing` without a signature, `.noSuchEvent` for an unknown document, `.notTakingPart` for staff and withdrawn participants.
    @discardableResult
    public func signConsent(
        _ consent: ConsentResult, id: String, documentID: String, account: Account, now: Date
    ) throws -> Bool {
        guard account.role == .participant, !account.isWithdrawn else { throw StudyRecordError(.notTakingPart) }
        let signingKey = signingKey
        return try database.write { db in
            let participant = try Self.participant(account, now: now, in: db)
            guard try ConsentLibrary.current(documentID: documentID, in: db) != nil else {
                throw StudyRecordError(.noSuchEvent)
            }
            let record = try Self.consentRecord(
                consent, id: id, documentID: documentID, participant: participant, in: db)
            return try ConsentStore.add(record, signingKey: signingKey, in: db)
        }
    }
}
