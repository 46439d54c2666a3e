import SQLite

extension ConsentSigning {
    /// The id of the key whose signature of consent record `recordID` is stored, inside the caller's
    /// transaction; nil when the record is unsigned (or unknown).
    public static func keyID(ofRecord recordID: String, in db: StoreConnection) throws -> String? {
        try db.queryOne("SELECT key_id FROM consent_signature WHERE consent_id = ?", [recordID])
            .map { try $0.string("key_id") }
    }
}
