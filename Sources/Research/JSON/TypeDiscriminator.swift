import Foundation

/// The key of the `type` member that tells which case of an enum a JSON object holds.
enum TypeKey: String, CodingKey {
    case type
}

extension Decoder {
    /// The value of the `type` member of the object being decoded.
    func typeDiscriminator() throws -> String {
        try container(keyedBy: TypeKey.self).decode(String.self, forKey: .type)
    }

    /// A clear error for a `type` value that is not one of `expected`.
    func unknownType(_ name: String, of what: String, expected: [String]) -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: codingPath + [TypeKey.type],
                debugDescription: "unknown \(what) type '\(name)'; expected one of: \(expected.joined(separator: ", "))"
            )
        )
    }
}

extension Encoder {
    /// Writes the `type` member of the object being encoded.
    func encodeTypeDiscriminator(_ name: String) throws {
        var container = container(keyedBy: TypeKey.self)
        try container.encode(name, forKey: .type)
    }
}

/// A payload with no members, for enum cases that carry nothing but their type.
struct EmptyPayload: Codable {}
