import Cryptography
import ExportFormats

/// Resource ids and bundle URLs: a name-based UUID per record, so the same record always gets the same id
/// and references inside the bundle are `urn:uuid:` URLs that resolve to its entries' `fullUrl`s.
enum FHIRReference {
    /// The id of the resource of `type` made from the record `key` (a UUID derived from SHA-256).
    static func id(_ type: String, _ key: String) -> String {
        var bytes = Array(Crypto.sha256(Array("recover-fhir:\(type)/\(key)".utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0f) | 0x80  // version 8: custom, name-based
        bytes[8] = (bytes[8] & 0x3f) | 0x80  // RFC 4122 variant
        let hex = Crypto.hex(bytes)
        let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
            String(hex.dropFirst(range.lowerBound).prefix(range.count))
        }
        return parts.joined(separator: "-")
    }

    /// The `urn:uuid:` URL of a resource id.
    static func url(_ id: String) -> String { "urn:uuid:\(id)" }

    /// A Reference element pointing at a resource in the bundle.
    static func reference(_ id: String) -> JSONNode { .object([("reference", .string(url(id)))]) }
}
