import Cryptography
import Foundation
import SQLite

/// Signed consent records in the Recover database.
///
/// Each instance method is one transaction; each has a `static` form on a `DatabaseConnection` so that
/// finishing onboarding stores the consent in the same transaction as the survey result and the outcome:
///
/// ```swift
/// try database.write { db in
///     try ConsentStore.add(record, signingKey: key, in: db)
///     try db.care.addOutcome(outcome)
/// }
/// ```
public struct ConsentStore: Sendable {
    /// The database, opened with ``schema``'s migrations.
    public let database: StudyStorage

    /// The server's key that signs records as they are stored (their binding hashes); nil stores them
    /// unsigned (tests, tools that never store consent).
    public let signingKey: SigningKey?

    /// The same on an open SQLite database.
    public init(database: Database, signingKey: SigningKey? = nil) {
        self.init(database: StudyStorage(database), signingKey: signingKey)
    }

    /// A store over `database`, opened with ``schema``'s migrations, signing with `signingKey`.
    public init(database: StudyStorage, signingKey: SigningKey? = nil) {
        self.database = database
        self.signingKey = signingKey
    }

    /// Stores a record; false (and nothing changed) when its id is already stored.
    @discardableResult
    public func add(_ record: ConsentRecord) throws -> Bool {
        try database.write { db in try Self.add(record, signingKey: signingKey, in: db) }
    }

    /// The record with `id`.
    public func record(id: String) throws -> ConsentRecord? {
        try database.read { db in try Self.record(id: id, in: db) }
    }

    /// A participant's records, oldest first.
    public func records(patientID: String) throws -> [ConsentRecord] {
        try database.read { db in try Self.records(patientID: patientID, in: db) }
    }

    /// Stores a record inside the caller's transaction, signed with `signingKey` if given; false when its id
    /// is already stored. Refuses a record whose hashes do not match its fields.
    @discardableResult
    public static func add(_ record: ConsentRecord, signingKey: SigningKey?, in db: StoreConnection) throws -> Bool {
        guard record.isIntact else { throw ConsentStoreError.bindingMismatch(id: record.id) }
        // Signed before it is stored, so the row goes in complete: consent rows are never updated (a trigger
        // refuses it), and the record's audit digest covers the server signature.
        let signature = signingKey.map { ConsentSigning.signature(of: record, with: $0) }
        var complete = record
        if let signature { complete.serverSignature = signature.signature }
        let row = AuditedRow(table: "consent_record", key: record.id)
        let inserted = try AuditTrail.recordChange(of: row, participantID: record.patientID, in: db) {
            try db.execute(
                """
                INSERT INTO consent_record (id, patient_id, document, document_sha256, document_version,
                    language, printed_name, signature_strokes, signature_png, signed_at, utc_offset, time_zone,
                    signature_meaning, binding_hash, server_signature)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING
                """,
                [
                    record.id, record.patientID, record.documentHTML, record.documentSHA256, record.documentVersion,
                    record.language, record.printedName, record.signatureStrokes, record.signaturePNG,
                    record.signedAt, record.utcOffset, record.timeZoneIdentifier, record.signatureMeaning,
                    record.bindingHash, complete.serverSignature,
                ]) == 1
        }
        if inserted, let signature, let signingKey {
            try ConsentSigning.store(signature, of: record, checkpointKey: signingKey, in: db)
        }
        return inserted
    }

    /// The record with `id`, inside the caller's transaction.
    public static func record(id: String, in db: StoreConnection) throws -> ConsentRecord? {
        try db.queryOne("SELECT * FROM consent_record WHERE id = ?", [id]).map(ConsentRecord.init(row:))
    }

    /// A participant's records, oldest first, inside the caller's transaction.
    public static func records(patientID: String, in db: StoreConnection) throws -> [ConsentRecord] {
        try db.query("SELECT * FROM consent_record WHERE patient_id = ? ORDER BY signed_at, id", [patientID])
            .map(ConsentRecord.init(row:))
    }
}

/// Why a consent record was refused.
public enum ConsentStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The record's document hash or binding hash does not match its fields.
    case bindingMismatch(id: String)

    /// Says which record, never its content.
    public var description: String {
        switch self {
        case .bindingMismatch(let id): "consent record \(id): the hashes do not match the signed fields"
        }
    }
}

extension ConsentRecord {
    /// Reads a row as stored, keeping the stored hashes (so ``isIntact`` can detect tampering).
    init(row: StoreRow) throws {
        id = try row.string("id")
        patientID = try row.string("patient_id")
        documentHTML = try row.data("document")
        documentSHA256 = try row.string("document_sha256")
        documentVersion = try row.string("document_version")
        language = try row.string("language")
        printedName = try row.string("printed_name")
        signatureStrokes = try row.data("signature_strokes")
        signaturePNG = try row.data("signature_png")
        signedAt = try row.date("signed_at")
        utcOffset = try row.string("utc_offset")
        timeZoneIdentifier = try row.string("time_zone")
        signatureMeaning = try row.string("signature_meaning")
        bindingHash = try row.string("binding_hash")
        serverSignature = try row["server_signature"]
    }
}
