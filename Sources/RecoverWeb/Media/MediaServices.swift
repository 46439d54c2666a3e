import Cryptography
import Foundation
import Web

/// What the media routes need: the study pages' services, the file store for videos, the upload limit
/// and the headphone calibration of the hearing screening.
///
/// ```swift
/// let media = try MediaServices(study: study, dataFolder: folder)
/// MediaRoutes.add(to: &router, media: media)   // uploads stream to files/incoming/ (Area.uploads)
/// ```
public struct MediaServices: Sendable {
    /// The study pages' services (database, clock).
    public let study: StudyServices
    /// Where videos are stored.
    public let files: FileStore
    /// The largest upload in bytes (50 MB).
    public let uploadLimit: Int
    /// Per-frequency offsets from dB HL to dBFS, or none (levels then relative to full scale).
    public let calibration: HearingCalibration

    /// The largest video accepted by default.
    public static let defaultUploadLimit = 50 * 1024 * 1024

    /// Services over the data folder `dataFolder`: `files/` for videos, `hearing-calibration.json` read if
    /// present.
    public init(
        study: StudyServices, dataFolder: URL, uploadLimit: Int = defaultUploadLimit,
        calibration: HearingCalibration? = nil
    ) throws {
        self.study = study
        files = FileStore(dataFolder: dataFolder)
        self.uploadLimit = uploadLimit
        self.calibration = try calibration ?? HearingCalibration.load(dataFolder: dataFolder)
    }

    /// How video uploads stream to `files/incoming/`: hashed with SHA-256 as they arrive, the name the file
    /// store keeps them under.
    public var spooling: UploadSpooling {
        UploadSpooling(directory: files.incoming, digest: { SHA256Digest() })
    }
}

/// SHA-256 over a streamed body, as lower-case hex.
struct SHA256Digest: BodyDigest {
    private var stream = SHA256Stream()

    mutating func update(_ bytes: UnsafeRawBufferPointer) { stream.update(bytes) }

    mutating func finish() -> String { Crypto.hex(stream.finish()) }
}

extension SpooledUpload {
    /// The upload's SHA-256 (lower-case hex): the digest of the media spooling.
    var sha256: String { digest }
}
