import Foundation

/// The fields of an `application/x-www-form-urlencoded` body.
public struct FormData: Sendable, Hashable {
    /// The values by field name; a repeated field keeps every value in order.
    public private(set) var fields: [String: [String]]

    /// Decodes `body`; a 400 when the bytes are not UTF-8 or a percent escape is malformed.
    public init(urlEncoded body: [UInt8]) throws {
        guard String(validating: body, as: UTF8.self) != nil else {
            throw HTTPError(.badRequest, "error.badForm")
        }
        fields = [:]
        for pair in body.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
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

    /// One name or value: `+` is a space, `%XX` a byte; a broken escape or bytes that are not UTF-8 are a 400.
    /// Decoded on the bytes (every form post passes here), as `removingPercentEncoding` would.
    private static func decode(_ part: ArraySlice<UInt8>) throws -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(part.count)
        var index = part.startIndex
        while index < part.endIndex {
            let byte = part[index]
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard index + 2 < part.endIndex, let high = hexValue(part[index + 1]),
                    let low = hexValue(part[index + 2])
                else { throw HTTPError(.badRequest, "error.badForm") }
                bytes.append(high << 4 | low)
                index += 2
            default:
                bytes.append(byte)
            }
            index += 1
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw HTTPError(.badRequest, "error.badForm") }
        return text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}
