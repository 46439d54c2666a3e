import CBrotli
import CZlib

/// Response body compression with zlib (gzip) and libbrotli, and the choice among what the browser accepts.
public enum Compression {
    /// A content coding this server writes.
    public enum Coding: String, Sendable, CaseIterable {
        case brotli = "br"
        case gzip
    }

    /// Bodies smaller than this gain less than the header costs.
    public static let minimumSize = 860

    /// Whether a response of `contentType` is text worth compressing (pages, style sheets, scripts, SVG, JSON,
    /// CSV, the web-app manifest).
    public static func isCompressible(_ contentType: String) -> Bool {
        let type = contentType.split(separator: ";").first.map { $0.trimmingASCIISpaces() } ?? ""
        return type.hasPrefix("text/") || type == "application/javascript" || type == "application/json"
            || type == "image/svg+xml" || type == "application/manifest+json" || type == "application/fhir+json"
    }

    /// The best coding `acceptEncoding` (an `Accept-Encoding` value) allows, brotli first; `nil` for identity.
    /// A coding given `q=0` is refused; `*` stands for any coding not named.
    public static func preferred(_ acceptEncoding: String?) -> Coding? {
        guard let acceptEncoding else { return nil }
        var allowed: [String: Bool] = [:]
        for part in acceptEncoding.split(separator: ",") {
            let pieces = part.split(separator: ";")
            guard let name = pieces.first?.trimmingASCIISpaces().lowercased(), !name.isEmpty else { continue }
            let refused = pieces.dropFirst().contains { parameter in
                let text = parameter.trimmingASCIISpaces().lowercased().replacingASCIISpaces()
                return text == "q=0" || text.hasPrefix("q=0.") && text.dropFirst(4).allSatisfy { $0 == "0" }
            }
            allowed[name] = !refused
        }
        for coding in Coding.allCases {
            if let named = allowed[coding.rawValue] { if named { return coding } else { continue } }
            if allowed["*"] == true { return coding }
        }
        return nil
    }

    /// Compresses `response`'s body with the best coding `request` accepts, as ``CompressionMiddleware`` does for
    /// every response: text bodies of at least ``minimumSize`` bytes, not streamed and not coded already, get
    /// `Vary: Accept-Encoding`, and the coded body when it is smaller. `compress` makes the coded body; a
    /// handler that keeps its pages passes one that keeps the coded bodies too, so an unchanged page is not
    /// compressed again on every request.
    public static func encode(
        _ response: inout Response, for request: Request,
        compress: (_ body: [UInt8], _ coding: Coding) -> [UInt8]? = { compress($0, $1) }
    ) {
        guard request.method != .head, response.stream == nil, response.body.count >= minimumSize,
            response.header("Content-Encoding") == nil, isCompressible(response.header("Content-Type") ?? "")
        else { return }
        CompressionMiddleware.addVary(&response)
        guard let coding = preferred(request.headers["accept-encoding"]),
            let compressed = compress(response.body, coding), compressed.count < response.body.count
        else { return }
        response.body = compressed
        response.headers["Content-Encoding"] = coding.rawValue
    }

    /// `bytes` compressed with `coding` (gzip level 6, brotli `quality`); `nil` if the library fails.
    public static func compress(_ bytes: [UInt8], _ coding: Coding, quality: Int = 5) -> [UInt8]? {
        switch coding {
        case .gzip: gzip(bytes)
        case .brotli: brotli(bytes, quality: quality)
        }
    }

    static func gzip(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count < Int(UInt32.max / 2) else { return nil }
        var stream = z_stream()
        guard recover_deflate_init_gzip(&stream, 6) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(bytes.count)))
        var output = [UInt8](repeating: 0, count: bound)
        let status = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        output.removeLast(bound - Int(stream.total_out))
        return output
    }

    static func brotli(_ bytes: [UInt8], quality: Int) -> [UInt8]? {
        var size = BrotliEncoderMaxCompressedSize(bytes.count)
        guard size > 0 else { return nil }
        var output = [UInt8](repeating: 0, count: size)
        let done = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                BrotliEncoderCompress(
                    Int32(min(max(quality, 0), 11)), BROTLI_DEFAULT_WINDOW, BROTLI_MODE_TEXT, input.count,
                    input.baseAddress, &size, out.baseAddress)
            }
        }
        guard done == BROTLI_TRUE else { return nil }
        output.removeLast(output.count - size)
        return output
    }

    /// A stable 64-bit digest of `bytes` (zlib's CRC-32 and Adler-32) with their length, for validators.
    public static func digest(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { buffer -> String in
            let count = uInt(clamping: buffer.count)
            let crc = crc32(0, buffer.baseAddress, count)
            let adler = adler32(1, buffer.baseAddress, count)
            return String(crc, radix: 36) + String(adler, radix: 36) + "-" + String(buffer.count, radix: 36)
        }
    }
}

extension StringProtocol {
    /// Without leading and trailing ASCII spaces and tabs.
    func trimmingASCIISpaces() -> String {
        var text = Substring(String(self))
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }

    /// Without any ASCII spaces or tabs.
    func replacingASCIISpaces() -> String { String(filter { $0 != " " && $0 != "\t" }) }
}
