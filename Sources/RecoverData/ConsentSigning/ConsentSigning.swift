import Cryptography
import Foundation
import SQLite

/// The server's Ed25519 signature over a consent record's binding hash and the digests of its fields.
///
/// ``ConsentStore/add(_:in:)`` signs a record as it is stored when the database was opened with a
/// ``DatabaseConfiguration/recordSigningKey``. The signed text names every field with its SHA-256, so
/// ``verify(publicKey:participantID:in:_:)`` can say which field changed (the printed name, the time, the
/// meaning, the document, the signature image or strokes moved from another record) and not only that
/// something did.
///
/// Signed text (UTF-8, one `name<TAB>value` per line): `recover-consent-signature-v1`, `record`, `key`,
/// `binding_hash`, then each signed field with the lowercase hex SHA-256 of its stored bytes (text as UTF-8,
/// `signed_at` as stored).
public enum ConsentSigning {
    /// The first line of every signed text.
    public static let formatLine = "recover-consent-signature-v1"

    /// The signed fields in order: the name used in the signed text and in reports, and its stored bytes.
    static func fields(of record: ConsentRecord) -> [(name: String, bytes: [UInt8])] {
        [
            ("participant", Array(record.patientID.utf8)),
            ("document", [UInt8](record.documentHTML)),
            ("document hash", Array(record.documentSHA256.utf8)),
            ("document version", Array(record.documentVersion.utf8)),
            ("language", Array(record.language.utf8)),
            ("printed name", Array(record.printedName.utf8)),
            ("signature strokes", [UInt8](record.signatureStrokes)),
            ("signature image", [UInt8](record.signaturePNG)),
            ("signed at", Array(DatabaseDate.string(from: record.signedAt).utf8)),
            ("UTC offset", Array(record.utcOffset.utf8)),
            ("time zone", Array(record.timeZoneIdentifier.utf8)),
            ("signature meaning", Array(record.signatureMeaning.utf8)),
        ]
    }

    /// The text the server signs for `record` with the key `keyID`.
    public static func signedText(of record: ConsentRecord, keyID: String) -> String {
        var lines = [formatLine, "record\t\(record.id)", "key\t\(keyID)", "binding_hash\t\(record.bindingHash)"]
        for field in fields(of: record) {
            lines.append("\(field.name)\t\(Crypto.hex(Crypto.sha256(field.bytes)))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The server signature of `record` with `key`: the key id, the signed text and the 64-byte signature.
    public static func signature(of record: ConsentRecord, with key: SigningKey) -> ServerSignature {
        let keyID = SigningKey.keyID(of: key.publicKey)
        let text = signedText(of: record, keyID: keyID)
        return ServerSignature(keyID: keyID, signedText: text, signature: Data(key.sign(Array(text.utf8))))
    }

    /// Stores the server signature of a record inserted complete (its `server_signature` column already
    /// holds `signature.signature`), inside the caller's transaction, with its own audit entry; then signs an
    /// audit checkpoint with `key` covering it, for the participant's receipt (``ConsentReceipt``).
    public static func store(
        _ signature: ServerSignature, of record: ConsentRecord, checkpointKey key: SigningKey, at date: Date = Date(),
        in db: StoreConnection
    ) throws {
        let row = AuditedRow(table: "consent_signature", keyColumn: "consent_id", key: record.id)
        try AuditTrail.recordChange(of: row, participantID: record.patientID, in: db) {
            try db.execute(
                """
                INSERT INTO consent_signature (consent_id, key_id, signed_text, signature, signed_at)
                VALUES (?, ?, ?, ?, ?)
                """, [record.id, signature.keyID, signature.signedText, signature.signature, date])
        }
        try AuditCheckpoint.make(signingKey: key, at: date, in: db)
    }

    /// What the server signed for one record, and the signature.
    public struct ServerSignature: Hashable, Sendable {
        /// The signing key's id (``SigningKey/keyID(of:)``).
        public let keyID: String
        /// The exact text signed (``signedText(of:keyID:)``).
        public let signedText: String
        /// The 64-byte Ed25519 signature of the text's UTF-8 bytes.
        public let signature: Data
    }
}
