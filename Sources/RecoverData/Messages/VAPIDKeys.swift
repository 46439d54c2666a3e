import Cryptography
import Foundation

/// The server's VAPID key pair (RFC 8292), one per study database (`push_vapid_key`), so every instance signs
/// with the same key and a browser's subscription (made with its public half) works through any of them. Made
/// at the first start: each instance offers a fresh key and keeps whichever was stored first, in one write, so
/// two instances starting together agree. The private half is a secret: it is never logged or shown.
public enum VAPIDKeys {
    /// The stored key pair, stored first when there is none.
    public static func keyPair(in database: StudyStorage, at instant: Date = Date()) throws -> P256Key {
        let offered = try P256Key.generate()
        let scalar = try offered.privateScalar()
        return try database.write { db in
            try db.execute(
                """
                INSERT INTO push_vapid_key (id, private_key, public_key, created_at) VALUES ('vapid', ?, ?, ?)
                ON CONFLICT (id) DO NOTHING
                """, [Crypto.base64URL(scalar), Crypto.base64URL(offered.publicPoint), instant])
            guard let row = try db.queryOne("SELECT private_key, public_key FROM push_vapid_key WHERE id = 'vapid'"),
                let stored = Crypto.base64URLDecode(try row.string("private_key")),
                let point = Crypto.base64URLDecode(try row.string("public_key"))
            else { throw PushSubscriptionError.unreadableRow }
            return try P256Key(privateScalar: stored, publicPoint: point)
        }
    }
}
