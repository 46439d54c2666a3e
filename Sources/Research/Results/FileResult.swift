import Foundation

/// A file produced by an active step, such as a front-camera video; the bytes are stored elsewhere by hash.
public struct FileResult: Codable, Hashable, Sendable {
    /// The MIME type, such as `video/webm`.
    public var contentType: String
    /// The size of the file in bytes.
    public var byteCount: Int
    /// SHA-256 of the bytes, lowercase hex.
    public var sha256: String
    /// How many times the participant discarded a recording and started again.
    public var retryCount: Int
    /// The recording's length in seconds, when it has one.
    public var duration: TimeInterval?

    /// Creates a `FileResult` from its members.
    public init(contentType: String, byteCount: Int, sha256: String, retryCount: Int = 0, duration: TimeInterval? = nil)
    {
        self.contentType = contentType
        self.byteCount = byteCount
        self.sha256 = sha256
        self.retryCount = retryCount
        self.duration = duration
    }

    /// Whether the fields are plausible: a content type, a non-negative size, a 64-digit hex hash.
    public var isWellFormed: Bool {
        !contentType.isEmpty && byteCount >= 0 && retryCount >= 0 && sha256.count == 64
            && sha256.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }
}
