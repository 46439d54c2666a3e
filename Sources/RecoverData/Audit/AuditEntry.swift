import Cryptography
import Foundation
import SQLite

/// One entry of the audit trail: who did what to which record, when, and the digests of the record's
/// state before and after (never the data itself), chained to the entry before it.
///
/// `entryHash` is the SHA-256 of ``canonicalText(_:)`` over every other field, including `previousHash`,
/// so changing, removing or reordering any entry breaks the chain from that entry on. The JSON form (one
/// object per line in `recover audit export`) uses the column names of the `audit_entry` table.
public struct AuditEntry: Codable, Hashable, Sendable {
    /// The position in the trail, from 1, without gaps.
    public var sequence: Int64
    /// When the entry was written (UTC, millisecond precision).
    public var recordedAt: Date
    /// Who acted: `account:<id>`, `system`, `cli:<command>`.
    public var actor: String
    /// What was done.
    public var action: AuditAction
    /// The kind of record (its table name): `account`, `care_outcome`, `survey_result`, ...
    public var entityType: String
    /// The record's id.
    public var entityID: String
    /// The participant whose data the record is, when there is one.
    public var participantID: String?
    /// SHA-256 (hex) of the record's canonical state before the change; nil for a create or a read.
    public var beforeDigest: String?
    /// SHA-256 (hex) of the record's canonical state after the change; nil for a delete or a read.
    public var afterDigest: String?
    /// The `entryHash` of the entry before, or ``genesisHash`` for the first entry.
    public var previousHash: String
    /// SHA-256 (hex) of the canonical text of all the fields above.
    public var entryHash: String

    /// The `previousHash` of the first entry: 64 zeros.
    public static let genesisHash = String(repeating: "0", count: 64)

    /// The fields in hashing order, as stored (dates as ``DatabaseDate`` text), nil for NULL.
    var hashedFields: [String?] {
        [
            String(sequence), DatabaseDate.string(from: recordedAt), actor, action.rawValue, entityType, entityID,
            participantID, beforeDigest, afterDigest, previousHash,
        ]
    }

    /// The hash this entry must carry, computed from its fields.
    public var computedHash: String { Self.hash(of: hashedFields) }

    /// The canonical text the entry hash is computed over: `recover-audit-v1` then, per field in the order
    /// sequence, recorded_at, actor, action, entity_type, entity_id, participant_id, before_digest,
    /// after_digest, previous_hash, the UTF-8 byte count, a colon and the bytes, or `-` for NULL, each
    /// followed by a newline. Length prefixes make the encoding unambiguous whatever the fields contain.
    public static func canonicalText(_ fields: [String?]) -> [UInt8] {
        var bytes = Array("recover-audit-v1\n".utf8)
        for field in fields {
            if let field {
                let utf8 = Array(field.utf8)
                bytes += Array("\(utf8.count):".utf8)
                bytes += utf8
            } else {
                bytes.append(UInt8(ascii: "-"))
            }
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    /// SHA-256 (hex) of the canonical text of `fields`.
    static func hash(of fields: [String?]) -> String {
        Crypto.hex(Crypto.sha256(canonicalText(fields)))
    }

    private enum CodingKeys: String, CodingKey {
        case sequence
        case recordedAt = "recorded_at"
        case actor, action
        case entityType = "entity_type"
        case entityID = "entity_id"
        case participantID = "participant_id"
        case beforeDigest = "before_digest"
        case afterDigest = "after_digest"
        case previousHash = "previous_hash"
        case entryHash = "entry_hash"
    }

    /// Decodes the JSON form; `recorded_at` is ``DatabaseDate`` text.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let recorded = try container.decode(String.self, forKey: .recordedAt)
        guard let date = DatabaseDate.date(from: recorded) else {
            throw DecodingError.dataCorruptedError(
                forKey: .recordedAt, in: container, debugDescription: "not a UTC timestamp")
        }
        sequence = try container.decode(Int64.self, forKey: .sequence)
        recordedAt = date
        actor = try container.decode(String.self, forKey: .actor)
        action = try container.decode(AuditAction.self, forKey: .action)
        entityType = try container.decode(String.self, forKey: .entityType)
        entityID = try container.decode(String.self, forKey: .entityID)
        participantID = try container.decodeIfPresent(String.self, forKey: .participantID)
        beforeDigest = try container.decodeIfPresent(String.self, forKey: .beforeDigest)
        afterDigest = try container.decodeIfPresent(String.self, forKey: .afterDigest)
        previousHash = try container.decode(String.self, forKey: .previousHash)
        entryHash = try container.decode(String.self, forKey: .entryHash)
    }

    /// Encodes the JSON form with explicit nulls, so every line has the same keys.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sequence, forKey: .sequence)
        try container.encode(DatabaseDate.string(from: recordedAt), forKey: .recordedAt)
        try container.encode(actor, forKey: .actor)
        try container.encode(action, forKey: .action)
        try container.encode(entityType, forKey: .entityType)
        try container.encode(entityID, forKey: .entityID)
        try container.encode(participantID, forKey: .participantID)
        try container.encode(beforeDigest, forKey: .beforeDigest)
        try container.encode(afterDigest, forKey: .afterDigest)
        try container.encode(previousHash, forKey: .previousHash)
        try container.encode(entryHash, forKey: .entryHash)
    }

    /// An entry with every field given (the store computes `entryHash`).
    init(
        sequence: Int64, recordedAt: Date, actor: String, action: AuditAction, entityType: String, entityID: String,
        participantID: String?, beforeDigest: String?, afterDigest: String?, previousHash: String
    ) {
        self.sequence = sequence
        self.recordedAt = DatabaseDate.rounded(recordedAt)
        self.actor = actor
        self.action = action
        self.entityType = entityType
        self.entityID = entityID
        self.participantID = participantID
        self.beforeDigest = beforeDigest
        self.afterDigest = afterDigest
        self.previousHash = previousHash
        self.entryHash = ""
        self.entryHash = computedHash
    }
}
