import Foundation

extension ConsentSigning {
    /// The server's signature of a consent record as stored: the key, the signature, when it was made.
    public struct StoredSignature: Hashable, Sendable {
        /// The signing key's id.
        public let keyID: String
        /// The 64-byte Ed25519 signature of the signed text.
        public let signature: Data
        /// When the server signed.
        public let signedAt: Date
    }

    /// The stored signature of consent record `recordID`, inside the caller's transaction; nil when the record
    /// is unsigned (or unknown).
    public static func storedSignature(ofRecord recordID: String, in db: StoreConnection) throws -> StoredSignature? {
        try db.queryOne("SELECT key_id, signature, signed_at FROM consent_signature WHERE consent_id = ?", [recordID])
            .map {
                StoredSignature(
                    keyID: try $0.string("key_id"), signature: try $0.data("signature"),
                    signedAt: try $0.date("signed_at"))
            }
    }
}
