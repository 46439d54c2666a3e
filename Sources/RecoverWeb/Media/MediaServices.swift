import Foundation

/// What the media routes need: the study pages' services, the file store for videos, the upload limit
/// and the headphone calibration of the hearing screening.
///
/// ```swift
/// let media = MediaServices(study: study, dataFolder: folder)
/// configuration.uploads = media.spooling
/// MediaRoutes.add(to: &router, media: media)
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

    /// The transport setting that streams video uploads to `files/incoming/`.
    public var spooling: UploadSpooling {
        UploadSpooling(directory: files.incoming, limit: uploadLimit, matches: MediaRoutes.isUpload)
    }
}
