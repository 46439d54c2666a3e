import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A numeric IPv4 or IPv6 address, parsed (never looked up) and written in its canonical form.
///
/// ```swift
/// NetworkAddress("2001:DB8::1")?.text            // "2001:db8::1"
/// NetworkAddress("2001:db8::1")?.throttleGroup   // "2001:db8::/64"
/// NetworkAddress("::ffff:192.0.2.7")?.text       // "192.0.2.7"
/// NetworkAddress("example.org")                  // nil
/// ```
public struct NetworkAddress: Sendable, Hashable, CustomStringConvertible {
    /// 4 bytes for IPv4 (IPv4-mapped IPv6 addresses included), 16 for IPv6.
    public let bytes: [UInt8]

    /// The address in `text`, or nil when it is not a numeric address (at most 45 characters, no zone).
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.utf8.count <= 45 else { return nil }
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, trimmed, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
        } else if inet_pton(AF_INET6, trimmed, &v6) == 1 {
            let all = withUnsafeBytes(of: &v6) { Array($0) }
            let mapped = all.prefix(12) == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff]
            bytes = mapped ? Array(all.suffix(4)) : all
        } else {
            return nil
        }
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// Whether this is an IPv6 address (not IPv4-mapped).
    public var isIPv6: Bool { bytes.count == 16 }

    /// The canonical text: dotted quad, or RFC 5952 IPv6 (lower case, longest zero run as `::`).
    public var text: String {
        let family = isIPv6 ? AF_INET6 : AF_INET
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let written = bytes.withUnsafeBytes { raw in
            inet_ntop(family, raw.baseAddress, &buffer, socklen_t(buffer.count))
        }
        guard written != nil else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The canonical ``text``.
    public var description: String { text }

    /// The addresses throttled together: an IPv4 address alone, an IPv6 address with its /64 network (one
    /// subscriber usually holds a whole /64 and can pick any address in it).
    public var throttleGroup: String {
        guard isIPv6 else { return text }
        return NetworkAddress(bytes: Array(bytes.prefix(8)) + Array(repeating: 0, count: 8)).text + "/64"
    }
}
