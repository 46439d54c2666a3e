import Cryptography
import Foundation
import SQLite

/// A signed statement of the audit trail's length and head: "the trail had `entries` entries and the last
/// one's `entry_hash` was `headHash`", signed with the server's key at `createdAt`.
///
/// Given to people outside the server (receipts, exports, `recover audit checkpoint`), it lets anyone later
/// prove the trail was not cut or rewritten up to that entry (``check(in:)``). Its JSON form:
/// `{"format":"recover-audit-checkpoint-v1","entries":N,"head_hash":"<hex>","created_at":"<UTC, ms>",
/// "key_id":"<key id>","signature":"<base64>"}`; the signature is over ``signedText``.
///
/// ```swift
/// let checkpoint = try AuditCheckpoint.make(signingKey: key, in: database)   // stored in audit_checkpoint
/// try checkpoint.json.write(to: file)
/// let result = try database.read { db in try checkpoint.check(in: db) }     // .holds or what broke
/// ```
public struct AuditCheckpoint: Encodable, Hashable, Sendable {
    /// The format tag, first line of the signed text and `format` of the JSON form.
    public static let format = "recover-audit-checkpoint-v1"

    /// How many entries the trail had.
    public let entries: Int64
    /// The `entry_hash` of entry `entries` (``AuditEntry/genesisHash`` for an empty trail).
    public let headHash: String
    /// When the checkpoint was made (UTC, millisecond precision).
    public let createdAt: Date
    /// The id of the key that signed it (``SigningKey/keyID(of:)``).
    public let keyID: String
    /// The 64-byte Ed25519 signature of ``signedText``.
    public let signature: Data

    /// The checkpoint of `entries` and `headHash` signed with `key` at `date`.
    public init(entries: Int64, headHash: String, createdAt date: Date, signingKey key: SigningKey) {
        let keyID = SigningKey.keyID(of: key.publicKey)
        let created = DatabaseDate.rounded(date)
        let text = Self.signedText(entries: entries, headHash: headHash, createdAt: created, keyID: keyID)
        self.init(
            entries: entries, headHash: headHash, createdAt: created, keyID: keyID,
            signature: Data(key.sign(Array(text.utf8))))
    }

    /// A checkpoint as stored or read, not yet checked.
    public init(entries: Int64, headHash: String, createdAt: Date, keyID: String, signature: Data) {
        self.entries = entries
        self.headHash = headHash
        self.createdAt = createdAt
        self.keyID = keyID
        self.signature = signature
    }

    /// The UTF-8 text the signature covers: the format line, then `entries`, `head_hash`, `created_at` and
    /// `key`, each as `name<TAB>value`, every line ending in a newline.
    public var signedText: String {
        Self.signedText(entries: entries, headHash: headHash, createdAt: createdAt, keyID: keyID)
    }

    private static func signedText(entries: Int64, headHash: String, createdAt: Date, keyID: String) -> String {
        "\(format)\nentries\t\(entries)\nhead_hash\t\(headHash)\n"
            + "created_at\t\(DatabaseDate.string(from: createdAt))\nkey\t\(keyID)\n"
    }

    /// Whether it was signed by the holder of `publicKey` (the key id must name that key too).
    public func isSigned(by publicKey: [UInt8]) -> Bool {
        keyID == SigningKey.keyID(of: publicKey)
            && SigningKey.isValid(signature: [UInt8](signature), of: Array(signedText.utf8), publicKey: publicKey)
    }

    /// Whether the trail still has entry ``entries`` with hash ``headHash``, inside the caller's transaction.
    ///
    /// Holds when the trail was neither cut below the checkpoint nor rewritten up to it (with ``AuditTrail/
    /// verify(in:)``: every entry up to it is the one that was there). Entries after it are not covered.
    public func check(in db: StoreConnection) throws -> CheckpointCheck {
        let count = try AuditTrail.count(in: db)
        guard entries > 0 else { return .holds }
        guard let row = try db.queryOne("SELECT entry_hash FROM audit_entry WHERE sequence = ?", [entries]) else {
            return .cut(entries: Int64(count))
        }
        return try row.string("entry_hash") == headHash ? .holds : .rewritten
    }
}

/// What comparing the trail with a checkpoint found.
public enum CheckpointCheck: Hashable, Sendable, CustomStringConvertible {
    /// Entry N is there with the hash the checkpoint names.
    case holds
    /// The trail has no entry N: it was cut at the end (it has this many).
    case cut(entries: Int64)
    /// Entry N has another hash: the trail was rewritten up to there.
    case rewritten

    /// What `recover audit verify --checkpoint` prints after `checkpoint:`.
    public var description: String {
        switch self {
        case .holds: "holds"
        case .cut(let entries): "the trail was cut: it has \(entries) entries, fewer than the checkpoint's"
        case .rewritten: "the trail was rewritten: the checkpoint's entry has another hash"
        }
    }
}
