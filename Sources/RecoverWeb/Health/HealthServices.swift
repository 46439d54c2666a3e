import Foundation
import HealthImport
import RecoverData
import Web

/// What the Apple Health pages need: the study's services, the folder uploads stream into and wait in, the
/// operator's size limit and the background importer.
///
/// ```swift
/// let health = try HealthServices(study: study, dataFolder: folder)   // <folder>/health/incoming, waiting
/// HealthRoutes.add(to: &router, health: health)
/// health.importer.start()                                             // recover serve only
/// ```
public struct HealthServices: Sendable {
    /// The study pages' services (records, clock).
    public let study: StudyServices
    /// Where bodies stream while they arrive (temporary files of ``UploadSpooling``).
    public let incoming: URL
    /// Where a received export waits for its import, as `<upload id>.zip`; removed once imported or refused.
    public let waiting: URL
    /// The largest export accepted, in bytes.
    public let uploadLimit: Int
    /// The background importer of waiting uploads.
    public let importer: HealthImportWorker

    /// The largest export by default: 2 GiB (real exports of several years reach gigabytes).
    public static let defaultUploadLimit = 2 << 30

    /// Services over the data folder `dataFolder` (its `health/` folder is created); the importer writes what
    /// it does to `log` (upload ids and codes only).
    public init(
        study: StudyServices, dataFolder: URL, uploadLimit: Int = defaultUploadLimit,
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) throws {
        self.study = study
        let folder = dataFolder.appending(path: "health")
        incoming = folder.appending(path: "incoming")
        waiting = folder.appending(path: "waiting")
        for directory in [incoming, waiting] {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        self.uploadLimit = uploadLimit
        importer = HealthImportWorker(records: study.records, waiting: waiting, now: study.now, log: log)
    }

    /// How export uploads stream to ``incoming`` (no digest is needed: the file is named by its upload id).
    public var spooling: UploadSpooling {
        UploadSpooling(directory: incoming, digest: { ByteCountDigest() })
    }

    /// The waiting file of upload `id`.
    func waitingFile(_ id: String) -> URL { waiting.appending(path: "\(id).zip") }
}

/// No digest: the spooled export is named by its upload's id, not by its content.
struct ByteCountDigest: BodyDigest {
    private var count = 0

    mutating func update(_ bytes: UnsafeRawBufferPointer) { count &+= bytes.count }

    mutating func finish() -> String { String(count) }
}
