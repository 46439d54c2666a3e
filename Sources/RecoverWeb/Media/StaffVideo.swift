import Foundation
import Web

/// `GET /console/videos/:sha256`, staff only (the console area's rule): a stored video by its SHA-256, with its type read from its
/// first bytes, `Cache-Control: no-store`, and single byte ranges (`Range: bytes=a-b`, answered 206) so a
/// `<video>` element can seek.
enum StaffVideo {
    static func serve(_ request: Request, media: MediaServices) throws -> Response {
        let hash = try request.parameter("sha256")
        guard let url = media.files.url(sha256: hash), let data = FileManager.default.contents(atPath: url.path)
        else { throw HTTPError(.notFound) }
        let bytes = [UInt8](data)
        let type = MediaType.allCases.first { $0.matches(head: Array(bytes.prefix(12))) } ?? .webm
        var headers = [
            "Content-Type": type.rawValue, "Cache-Control": "no-store", "Accept-Ranges": "bytes",
        ]
        if let range = request.headers["range"].flatMap({ byteRange($0, count: bytes.count) }) {
            headers["Content-Range"] = "bytes \(range.lowerBound)-\(range.upperBound)/\(bytes.count)"
            return Response(status: HTTPStatus(206), headers: headers, body: Array(bytes[range]))
        }
        return Response(status: .ok, headers: headers, body: bytes)
    }

    /// `bytes=a-b`, `bytes=a-` or `bytes=-n` within `count` bytes; `nil` for anything else (the whole file).
    static func byteRange(_ header: String, count: Int) -> ClosedRange<Int>? {
        guard header.hasPrefix("bytes="), count > 0 else { return nil }
        let spec = header.dropFirst(6)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return nil }
        let first = Int(spec[..<dash])
        let last = Int(spec[spec.index(after: dash)...])
        switch (first, last) {
        case (let a?, let b?) where a <= b && a < count: return a...min(b, count - 1)
        case (let a?, nil) where a < count: return a...(count - 1)
        case (nil, let n?) where n > 0: return max(0, count - n)...(count - 1)
        default: return nil
        }
    }
}
