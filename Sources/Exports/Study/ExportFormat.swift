import CareSQLite
import Foundation
import RecoverData
import SQLite

/// The study data export formats.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// One row per outcome value.
    case csv
    /// Everything per participant, including survey results and consent records.
    case json
    /// A FHIR R4 Bundle (collection).
    case fhir

    /// Writes the export to `destination` atomically (nothing appears unless it completes); returns the
    /// number of rows (CSV), participants (JSON) or bundle entries (FHIR). JSON and FHIR carry `checkpoint`
    /// (JSON as `auditCheckpoint`, FHIR as the Bundle's `urn:recover:audit-checkpoint` extension).
    ///
    /// Throws ``ExportError/unknownParticipant(_:)`` before creating anything when the filter names an id
    /// that is not a participant. `now` is the export time the JSON and FHIR files state.
    @discardableResult
    public func write(
        from database: StudyStorage, filter: ExportFilter, pseudonyms: Pseudonyms, to destination: URL,
        at now: Date = Date(), checkpoint: AuditCheckpoint? = nil, progress: (Int) -> Void = { _ in }
    ) throws -> Int {
        if let participant = filter.participantID {
            guard try database.read({ db in try StudyRecords.isParticipant(participant, in: db) }) else {
                throw ExportError.unknownParticipant(participant)
            }
        }
        return try ExportFile.write(to: destination) { file in
            switch self {
            case .csv:
                try CSVExport.write(
                    from: database, filter: filter, pseudonyms: pseudonyms, to: file, progress: progress)
            case .json:
                try JSONExport.write(
                    from: database, filter: filter, pseudonyms: pseudonyms, to: file, at: now, checkpoint: checkpoint,
                    progress: progress)
            case .fhir:
                try FHIRExport.write(
                    from: database, filter: filter, pseudonyms: pseudonyms, to: file, at: now, checkpoint: checkpoint,
                    progress: progress)
            }
        }
    }

    /// What the count of ``write(from:filter:pseudonyms:to:progress:)`` counts.
    public var unit: String {
        switch self {
        case .csv: "rows"
        case .json: "participants"
        case .fhir: "entries"
        }
    }
}
