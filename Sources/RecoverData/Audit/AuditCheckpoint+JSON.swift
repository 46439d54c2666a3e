import Foundation
import SQLite

extension AuditCheckpoint {
    /// Encodes the JSON form's keys (`format`, `entries`, `head_hash`, `created_at`, `key_id`, `signature`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(Self.format, forKey: .format)
        try container.encode(entries, forKey: .entries)
        try container.encode(headHash, forKey: .headHash)
        try container.encode(DatabaseDate.string(from: createdAt), forKey: .createdAt)
        try container.encode(keyID, forKey: .keyID)
        try container.encode(signature.base64EncodedString(), forKey: .signature)
    }

    private enum JSONKey: String, CodingKey {
        case format, entries, signature
        case headHash = "head_hash"
        case createdAt = "created_at"
        case keyID = "key_id"
    }

    /// The JSON form, keys in the documented order, one line with no trailing newline.
    public var jsonText: String {
        let fields: [(String, String)] = [
            ("format", Self.quoted(Self.format)), ("entries", String(entries)), ("head_hash", Self.quoted(headHash)),
            ("created_at", Self.quoted(DatabaseDate.string(from: createdAt))), ("key_id", Self.quoted(keyID)),
            ("signature", Self.quoted(signature.base64EncodedString())),
        ]
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    /// ``jsonText`` as UTF-8 bytes.
    public var json: Data { Data(jsonText.utf8) }

    /// The JSON object as a dictionary, for embedding in another document (a receipt, an export).
    public var jsonObject: [String: Any] {
        [
            "format": Self.format, "entries": entries, "head_hash": headHash,
            "created_at": DatabaseDate.string(from: createdAt), "key_id": keyID,
            "signature": signature.base64EncodedString(),
        ]
    }

    /// Reads the JSON form (of a file, or embedded): every field must be there with its type.
    public init(json: Data) throws {
        guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any] else {
            throw AuditCheckpointError("not a JSON object")
        }
        try self.init(jsonObject: object)
    }

    /// Reads a parsed JSON object.
    public init(jsonObject object: [String: Any]) throws {
        guard object["format"] as? String == Self.format else {
            throw AuditCheckpointError("not a \(Self.format) checkpoint")
        }
        guard let number = object["entries"] as? NSNumber, number.int64Value >= 0,
            Double(number.int64Value) == number.doubleValue
        else { throw AuditCheckpointError("entries is not a whole number of at least 0") }
        guard let head = object["head_hash"] as? String, Self.isHexDigest(head) else {
            throw AuditCheckpointError("head_hash is not 64 lowercase hex digits")
        }
        guard let created = (object["created_at"] as? String).flatMap(DatabaseDate.date(from:)) else {
            throw AuditCheckpointError("created_at is not a UTC timestamp")
        }
        guard let keyID = object["key_id"] as? String, !keyID.isEmpty else {
            throw AuditCheckpointError("key_id is missing")
        }
        guard let signature = (object["signature"] as? String).flatMap({ Data(base64Encoded: $0) }),
            signature.count == 64
        else { throw AuditCheckpointError("signature is not base64 of 64 bytes") }
        self.init(entries: number.int64Value, headHash: head, createdAt: created, keyID: keyID, signature: signature)
    }

    /// Whether `text` is 64 lowercase hex digits (a SHA-256 as the trail writes it).
    static func isHexDigest(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { Array("0123456789abcdef".utf8).contains($0) }
    }

    private static func quoted(_ text: String) -> String {
        // The values are hex, base64, digits and a timestamp: nothing to escape but the quotes themselves.
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

/// A checkpoint file or object that cannot be read; says which field, never more.
public struct AuditCheckpointError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What cannot be read, such as `not a JSON object`.
    public let description: String
    init(_ description: String) { self.description = description }
}
