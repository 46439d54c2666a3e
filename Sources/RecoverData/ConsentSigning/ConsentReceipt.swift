import Cryptography
import Foundation
import SQLite

/// What a participant keeps after signing consent: a JSON file anyone can check offline with the server's
/// public key (`recover consent verify --receipt`, the page at `/verify-receipt`).
///
/// It carries every signed field as text, except the document, the signature strokes and the signature
/// image, which it carries as their SHA-256; with the record id, key id and binding hash that is exactly
/// what rebuilds the text the server signed (``ConsentSigning/signedText(of:keyID:)``). It also carries the
/// server signature, the public key and the audit checkpoint made when the consent was stored:
///
/// ```json
/// {"format":"recover-consent-receipt-v1","record":"<id>","key_id":"<id>","binding_hash":"<hex>",
///  "fields":[{"name":"participant","text":"<id>"},{"name":"document","sha256":"<hex>"},...],
///  "server_signature":"<base64>","public_key":"<base64>","checkpoint":{...}}
/// ```
public enum ConsentReceipt {
    /// The format tag of a receipt.
    public static let format = "recover-consent-receipt-v1"

    /// The signed fields a receipt carries as their SHA-256 only (bytes, and the document's size).
    static let hashedFields: Set<String> = ["document", "signature strokes", "signature image"]

    /// The receipt of the stored record `id`, inside the caller's transaction; nil when there is no signed
    /// record with that id for `participantID`.
    public static func json(
        recordID id: String, participantID: String, publicKey: [UInt8], in db: StoreConnection
    ) throws -> Data? {
        guard let record = try ConsentStore.record(id: id, in: db), record.patientID == participantID,
            let signature = try db.queryOne(
                "SELECT key_id, signature FROM consent_signature WHERE consent_id = ?", [id])
        else { return nil }
        let fields: [[String: String]] = ConsentSigning.fields(of: record).map { field in
            hashedFields.contains(field.name)
                ? ["name": field.name, "sha256": Crypto.hex(Crypto.sha256(field.bytes))]
                : ["name": field.name, "text": String(decoding: field.bytes, as: UTF8.self)]
        }
        var object: [String: Any] = [
            "format": format, "record": record.id, "key_id": try signature.string("key_id"),
            "binding_hash": record.bindingHash, "fields": fields,
            "server_signature": try signature.data("signature").base64EncodedString(),
            "public_key": Data(publicKey).base64EncodedString(),
        ]
        if let checkpoint = try checkpoint(coveringConsent: id, in: db) {
            object["checkpoint"] = checkpoint.jsonObject
        }
        return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted])
    }

    /// The first checkpoint that covers the consent's signature entry (the one made when it was stored).
    static func checkpoint(coveringConsent id: String, in db: StoreConnection) throws -> AuditCheckpoint? {
        let entry = try db.queryOne(
            """
            SELECT min(sequence) AS sequence FROM audit_entry
            WHERE entity_type = 'consent_signature' AND entity_id = ? AND action = 'create'
            """, [id])
        guard let sequence: Int64 = try entry?["sequence"] else { return nil }
        return try db.queryOne(
            "SELECT * FROM audit_checkpoint WHERE entries >= ? ORDER BY entries, created_at LIMIT 1", [sequence]
        ).map(AuditCheckpoint.init(row:))
    }

    /// Checks a receipt with no database: the server signature over the rebuilt signed text and the
    /// checkpoint's signature, both with `publicKey` (the pinned key). Returns what failed, empty when valid.
    public static func verify(json: Data, publicKey: [UInt8]) -> [String] {
        guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
            object["format"] as? String == format
        else { return ["not a \(format) file"] }
        var problems: [String] = []
        if object["public_key"] as? String != Data(publicKey).base64EncodedString() {
            problems.append("the receipt names another public key than the pinned one")
        }
        if let text = signedText(object),
            let signature = (object["server_signature"] as? String).flatMap({ Data(base64Encoded: $0) })
        {
            if object["key_id"] as? String != SigningKey.keyID(of: publicKey)
                || !SigningKey.isValid(signature: [UInt8](signature), of: Array(text.utf8), publicKey: publicKey)
            {
                problems.append("the server signature does not verify with the pinned key")
            }
        } else {
            problems.append("the receipt is incomplete (record, key, binding hash, fields or signature)")
        }
        if let checkpoint = object["checkpoint"] as? [String: Any] {
            if let parsed = try? AuditCheckpoint(jsonObject: checkpoint) {
                if !parsed.isSigned(by: publicKey) { problems.append("the checkpoint's signature does not verify") }
            } else {
                problems.append("the checkpoint cannot be read")
            }
        } else {
            problems.append("the receipt has no checkpoint")
        }
        return problems
    }

    /// The text the server signed, rebuilt from the receipt; nil when a part is missing.
    static func signedText(_ object: [String: Any]) -> String? {
        guard let record = object["record"] as? String, let keyID = object["key_id"] as? String,
            let binding = object["binding_hash"] as? String, let fields = object["fields"] as? [[String: Any]]
        else { return nil }
        var lines = [ConsentSigning.formatLine, "record\t\(record)", "key\t\(keyID)", "binding_hash\t\(binding)"]
        for field in fields {
            guard let name = field["name"] as? String else { return nil }
            if let text = field["text"] as? String {
                lines.append("\(name)\t\(Crypto.hex(Crypto.sha256(Array(text.utf8))))")
            } else if let digest = field["sha256"] as? String, AuditCheckpoint.isHexDigest(digest) {
                lines.append("\(name)\t\(digest)")
            } else {
                return nil
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
