import Foundation
import HealthImport
import RecoverData
import Synchronization

/// Imports waiting Health uploads in the background, one at a time, on a thread of its own: it wakes when an
/// upload arrives (``wake()``) and every few seconds (an upload another instance queued), claims the oldest
/// waiting upload, reads it with ``HealthImporter`` (progress stored as it reads, which also shows the claim
/// is alive), and stores the import and the upload's end in one transaction.
///
/// What happens to an upload:
/// - imported: `done` with its import, and its file removed;
/// - the file cannot be imported (not a zip, damaged, a withdrawn participant): `failed` with the code, file
///   removed;
/// - anything else (the database out of reach): given back to the queue with its file kept, tried again on
///   a later pass, `failed` as `internal` after ``HealthUploadStore`` 's attempts;
/// - its importer stopped or died: after ``lease`` without progress any importer sets it waiting again.
///
/// Waiting files with no waiting or importing upload (a crash between receiving and recording one) are
/// removed after an hour. Without ``start()`` (in-process tests) nothing runs by itself: ``importWaiting()``
/// does one pass on the caller's thread.
public final class HealthImportWorker: Sendable {
    let records: any ParticipantStore
    let waiting: URL
    let now: @Sendable () -> Date
    let log: @Sendable (String) -> Void
    private let signal = DispatchSemaphore(value: 0)
    private let running = Atomic<Bool>(false)
    private let busy = Mutex<Void>(())

    /// How often the worker looks for waiting uploads without being woken.
    static let pollInterval: DispatchTimeInterval = .seconds(5)
    /// The least time between two stored progress figures.
    static let progressInterval: TimeInterval = 0.5
    /// How long an importing upload may go without progress before it counts as abandoned.
    static let lease: TimeInterval = 10 * 60
    /// How old a waiting file without a pending upload must be before it is removed.
    static let orphanAge: TimeInterval = 3600

    init(
        records: any ParticipantStore, waiting: URL, now: @escaping @Sendable () -> Date,
        log: @escaping @Sendable (String) -> Void
    ) {
        self.records = records
        self.waiting = waiting
        self.now = now
        self.log = log
    }

    /// Starts the background thread (once).
    public func start() {
        guard !running.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let thread = Thread { [self] in
            while running.load(ordering: .acquiring) {
                importWaiting()
                _ = signal.wait(timeout: .now() + Self.pollInterval)
            }
        }
        thread.name = "recover.health-import"
        thread.start()
    }

    /// Stops the background thread after its current import (a process that exits meanwhile leaves the
    /// upload to be set waiting again after the lease).
    public func stop() {
        running.store(false, ordering: .releasing)
        signal.signal()
    }

    /// Makes the background thread look for waiting uploads now.
    public func wake() { signal.signal() }

    /// One pass on the caller's thread (one caller at a time): abandoned uploads waiting again, orphaned files
    /// removed, then every waiting upload imported, oldest first, until none waits or the database fails.
    /// Returns how many uploads ended (done or failed).
    @discardableResult
    public func importWaiting() -> Int {
        busy.withLock { _ in
            do {
                let instant = now()
                try records.requeueStaleHealthUploads(before: instant.addingTimeInterval(-Self.lease), at: instant)
                try removeOrphanedFiles()
                var ended = 0
                var released: Set<String> = []
                while let upload = try records.claimHealthUpload(at: now()) {
                    if released.contains(upload.id) {
                        // Given back this pass already: the next pass (seconds later) tries it again.
                        _ = try records.releaseHealthUpload(upload, at: now())
                        break
                    }
                    switch importUpload(upload) {
                    case .ended: ended += 1
                    case .released: released.insert(upload.id)
                    }
                }
                return ended
            } catch {
                log("health import: the queue could not be read (\(type(of: error)))")
                return 0
            }
        }
    }

    private enum Outcome { case ended, released }

    /// Reads, stores and ends one claimed upload.
    private func importUpload(_ upload: HealthUpload) -> Outcome {
        let file = waiting.appending(path: "\(upload.id).zip")
        do {
            let importer = try records.healthImporter(participantID: upload.participantID)
            var lastStored = Date.distantPast
            let result = try importer.importExport(at: file) { progress in
                let instant = Date()
                guard instant.timeIntervalSince(lastStored) >= Self.progressInterval else { return }
                lastStored = instant
                let thousandths = Int((progress.fraction * 1000).rounded(.down))
                try? records.recordHealthUploadProgress(thousandths, of: upload, at: now())
            }
            try records.storeHealthUpload(result, of: upload, at: now(), importID: UUID().uuidString.lowercased())
            try? FileManager.default.removeItem(at: file)
            return .ended
        } catch let error as HealthStoreError where error.code == .claimLost {
            log("health import \(upload.id): taken over by another importer")
            return .ended
        } catch {
            if let code = Self.finalCode(of: error) {
                do {
                    try records.failHealthUpload(upload, errorCode: code, at: now())
                    try? FileManager.default.removeItem(at: file)
                    log("health import \(upload.id): \(code)")
                } catch {
                    // Still importing under this claim: after the lease it waits again, its file kept.
                    log("health import \(upload.id): \(code), not recorded yet (\(type(of: error)))")
                }
                return .ended
            }
            log("health import \(upload.id): will be tried again (\(type(of: error)))")
            let waitsAgain = (try? records.releaseHealthUpload(upload, at: now())) ?? true
            if !waitsAgain { try? FileManager.default.removeItem(at: file) }
            return waitsAgain ? .released : .ended
        }
    }

    /// The stored reason of an upload that can never be imported: the importer's code (the file), or the
    /// store's about the participant or the figures; nil for a failure that may pass (the database).
    static func finalCode(of error: any Error) -> String? {
        switch error {
        case let error as HealthImportError: error.code.rawValue
        case let error as HealthStoreError where error.code != .unreadableRow: error.code.rawValue
        default: nil
        }
    }

    /// Removes waiting files older than ``orphanAge`` whose upload is neither waiting nor importing.
    func removeOrphanedFiles() throws {
        let manager = FileManager.default
        let names = (try? manager.contentsOfDirectory(atPath: waiting.path)) ?? []
        let limit = Date().addingTimeInterval(-Self.orphanAge)
        for name in names where name.hasSuffix(".zip") {
            let file = waiting.appending(path: name)
            let modified = (try? manager.attributesOfItem(atPath: file.path)[.modificationDate] as? Date) ?? nil
            guard let modified, modified < limit else { continue }
            let id = String(name.dropLast(4))
            if try records.healthUpload(id: id)?.isPending != true {
                try? manager.removeItem(at: file)
                log("health import: removed an export file no upload waits for")
            }
        }
    }
}
