import Foundation

/// The fields of an `application/x-www-form-urlencoded` body.
public struct FormData: Sendable, Hashable {
    /// The values by field name; a repeated field keeps every value in order.
    public private(set) var fields: [String: [String]]

    /// Decodes `body`; a 400 when the bytes are not UTF-8 or a percent escape is malformed.
    public init(urlEncoded body: [UInt8]) throws {
        guard let text = String(validating: body, as: UTF8.self) else {
            throw HTTPError(.badRequest, "error.badForm")
        }
        fields = [:]
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try Self.decode(parts[0])
            let value = parts.count > 1 ? try Self.decode(parts[1]) : ""
            fields[name, default: []].append(value)
        }
    }

    /// A form with the given single-valued fields (for tests and internal use).
    public init(_ values: [String: String]) {
        fields = values.mapValues { [$0] }
    }

    /// A form with the given fields, each with its values in order.
    public init(fields: [String: [String]]) {
        self.fields = fields
    }

    /// The first value of `name`, or `nil`.
    public subscript(_ name: String) -> String? { fields[name]?.first }

    /// The first value of `name`, trimmed, or a 400 naming the field when absent.
    public func required(_ name: String) throws -> String {
        guard let value = fields[name]?.first else { throw HTTPError(.badRequest, "error.badForm") }
        return value
    }

    /// The form encoded again (used by tests and the benchmark client).
    public var encoded: String {
        fields.sorted { $0.key < $1.key }.flatMap { name, values in
            values.map { "\(Self.encode(name))=\(Self.encode($0))" }
        }.joined(separator: "&")
    }

    private static func decode(_ part: Substring) throws -> String {
        let spaced = part.replacingOccurrences(of: "+", with: " ")
        guard let decoded = spaced.removingPercentEncoding else { throw HTTPError(.badRequest, "error.badForm") }
        return decoded
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}
