import Cryptography
import Foundation
import SQLite

extension ConsentSigning {
    /// Checks every consent record (or one participant's) inside the caller's transaction, one row at a time,
    /// calling `body` with each result in signing order; returns how many records were altered.
    ///
    /// Recomputes the document hash and the binding hash from the stored fields, checks the server signature
    /// with `publicKey`, and compares every field with the digest the server signed, naming those that differ.
    @discardableResult
    public static func verify(
        publicKey: [UInt8], participantID: String? = nil, in db: StoreConnection,
        _ body: (ConsentCheck) throws -> Void
    ) throws -> Int {
        var altered = 0
        let columns = "r.*, s.key_id AS signature_key_id, s.signed_text AS signed_text, s.signature AS signature"
        let join = "FROM consent_record AS r LEFT JOIN consent_signature AS s ON s.consent_id = r.id"
        let order = "ORDER BY r.signed_at, r.id"
        let handle: (StoreRow) throws -> Void = { row in
            let check = try self.check(row, publicKey: publicKey)
            if !check.isOK { altered += 1 }
            try body(check)
        }
        if let participantID {
            try db.forEachRow("SELECT \(columns) \(join) WHERE r.patient_id = ? \(order)", [participantID], handle)
        } else {
            try db.forEachRow("SELECT \(columns) \(join) \(order)", [], handle)
        }
        return altered
    }

    /// The check of one joined row.
    static func check(_ row: StoreRow, publicKey: [UInt8]) throws -> ConsentCheck {
        let id = (try? row.string("id")) ?? "?"
        let participant = (try? row.string("patient_id")) ?? "?"
        guard let record = try? ConsentRecord(row: row) else {
            return ConsentCheck(recordID: id, participantID: participant, problems: ["a field has the wrong type"])
        }
        var problems: [String] = []
        let signedText: String? = try? row["signed_text"]
        let signature: Data? = try? row["signature"]
        if let signedText, let signature {
            let message = Array(signedText.utf8)
            if SigningKey.isValid(signature: [UInt8](signature), of: message, publicKey: publicKey) {
                problems += differences(record, signed: signedText)
            } else {
                problems.append("server signature (it does not verify with this server's public key)")
                problems += differences(record, signed: signedText)
            }
            if record.serverSignature != signature { problems.append("server signature copy") }
        }
        if problems.isEmpty, Crypto.hex(Crypto.sha256([UInt8](record.documentHTML))) != record.documentSHA256 {
            problems.append("document")
        }
        if problems.isEmpty, record.computedBindingHash != record.bindingHash { problems.append("binding hash") }
        if signedText == nil || signature == nil { problems.append("not signed by the server") }
        return ConsentCheck(recordID: id, participantID: participant, problems: problems)
    }

    /// The fields whose stored bytes no longer hash to what was signed, plus the record id and binding hash.
    static func differences(_ record: ConsentRecord, signed text: String) -> [String] {
        var signed: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            if parts.count == 2 { signed[String(parts[0])] = String(parts[1]) }
        }
        var problems: [String] = []
        if signed["record"] != record.id { problems.append("record id") }
        for field in fields(of: record) where signed[field.name] != Crypto.hex(Crypto.sha256(field.bytes)) {
            problems.append(field.name)
        }
        if signed["binding_hash"] != record.bindingHash || record.computedBindingHash != record.bindingHash {
            problems.append("binding hash")
        }
        return problems
    }
}
