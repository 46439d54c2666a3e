import Foundation
import HealthImport
import RecoverData
import Synchronization

/// Imports waiting Health uploads in the background, one at a time, on a thread of its own: it wakes when an
/// upload arrives (``wake()``) and every few seconds (an upload another instance queued), claims the oldest
/// waiting upload, reads it with ``HealthImporter`` (progress stored as it reads), stores the import, and
/// removes the file.
///
/// A server stopped in the middle leaves its upload importing; ``start()`` sets such uploads waiting again
/// (an import replaces figures, never adds to them, so starting over is safe). Without ``start()`` (in-process
/// tests) nothing runs by itself: ``importWaiting()`` does the same work on the caller's thread.
public final class HealthImportWorker: Sendable {
    let records: any ParticipantStore
    let waiting: URL
    let now: @Sendable () -> Date
    private let signal = DispatchSemaphore(value: 0)
    private let running = Atomic<Bool>(false)
    private let busy = Mutex<Void>(())

    /// How often the worker looks for waiting uploads without being woken.
    static let pollInterval: DispatchTimeInterval = .seconds(5)
    /// The least time between two stored progress figures.
    static let progressInterval: TimeInterval = 0.5

    init(records: any ParticipantStore, waiting: URL, now: @escaping @Sendable () -> Date) {
        self.records = records
        self.waiting = waiting
        self.now = now
    }

    /// Sets interrupted uploads waiting again and starts the background thread (once).
    public func start() throws {
        guard !running.exchange(true, ordering: .acquiringAndReleasing) else { return }
        try records.requeueInterruptedHealthUploads(at: now())
        let thread = Thread { [self] in
            while running.load(ordering: .acquiring) {
                _ = importWaiting()
                _ = signal.wait(timeout: .now() + Self.pollInterval)
            }
        }
        thread.name = "recover.health-import"
        thread.start()
    }

    /// Stops the background thread after its current import (a process that exits meanwhile leaves the
    /// upload to be imported again at the next start).
    public func stop() {
        running.store(false, ordering: .releasing)
        signal.signal()
    }

    /// Makes the background thread look for waiting uploads now.
    public func wake() { signal.signal() }

    /// Imports every waiting upload, oldest first, on the caller's thread (one caller at a time); returns how
    /// many were imported or refused.
    @discardableResult
    public func importWaiting() -> Int {
        busy.withLock { _ in
            var count = 0
            while let upload = try? records.claimHealthUpload(at: now()) {
                importUpload(upload)
                count += 1
            }
            return count
        }
    }

    /// Reads, stores and finishes one claimed upload; every failure ends as the upload's error code.
    private func importUpload(_ upload: HealthUpload) {
        let file = waiting.appending(path: "\(upload.id).zip")
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            let importer = try records.healthImporter(participantID: upload.participantID)
            var lastStored = Date.distantPast
            let result = try importer.importExport(at: file) { progress in
                let instant = Date()
                guard instant.timeIntervalSince(lastStored) >= Self.progressInterval else { return }
                lastStored = instant
                let thousandths = Int((progress.fraction * 1000).rounded(.down))
                try? records.recordHealthUploadProgress(thousandths, of: upload.id, at: now())
            }
            let record = try records.importHealth(
                result, for: upload.participantID, by: "account:\(upload.participantID)", at: now(),
                id: UUID().uuidString.lowercased())
            try records.finishHealthUpload(upload.id, importID: record.id, errorCode: nil, at: now())
        } catch {
            try? records.finishHealthUpload(upload.id, importID: nil, errorCode: Self.code(of: error), at: now())
        }
    }

    /// The stored reason of a refused upload: the importer's or the store's code, else `internal`.
    static func code(of error: any Error) -> String {
        switch error {
        case let error as HealthImportError: error.code.rawValue
        case let error as HealthStoreError: error.code.rawValue
        default: "internal"
        }
    }
}
