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

    /// Signs a stored record with `key`, inside the caller's transaction. Also fills the record's
    /// `server_signature` column.
    public static func sign(
        _ record: ConsentRecord, with key: SigningKey, at date: Date = Date(), in db: StoreConnection
    ) throws {
        let keyID = SigningKey.keyID(of: key.publicKey)
        let text = signedText(of: record, keyID: keyID)
        let signature = Data(key.sign(Array(text.utf8)))
        try db.execute(
            """
            INSERT INTO consent_signature (consent_id, key_id, signed_text, signature, signed_at)
            VALUES (?, ?, ?, ?, ?)
            """, [record.id, keyID, text, signature, date])
        try db.execute("UPDATE consent_record SET server_signature = ? WHERE id = ?", [signature, record.id])
    }
}
