import Foundation

/// The video types an upload may have, each recognised by its declared type and its first bytes.
enum MediaType: String, CaseIterable {
    case webm = "video/webm"
    case mp4 = "video/mp4"

    /// The type of a `Content-Type` header (`video/webm;codecs=vp9,opus` is `webm`), or `nil`.
    init?(declared header: String) {
        let essence = header.split(separator: ";").first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        guard let essence, let type = MediaType(rawValue: essence) else { return nil }
        self = type
    }

    /// Whether `head` (the file's first bytes) starts the way this type does: the EBML header
    /// `1A 45 DF A3` for WebM, an `ftyp` box at offset 4 for MP4.
    func matches(head: [UInt8]) -> Bool {
        switch self {
        case .webm: head.starts(with: [0x1A, 0x45, 0xDF, 0xA3])
        case .mp4: head.count >= 8 && Array(head[4..<8]) == Array("ftyp".utf8)
        }
    }
}
