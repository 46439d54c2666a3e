import Foundation
import RecoverData

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
        try checkParticipant(of: filter, in: database)
        return try ExportFile.write(to: destination) { file in
            try write(
                from: database, filter: filter, pseudonyms: pseudonyms, to: file.writer, at: now,
                checkpoint: checkpoint, progress: progress)
        }
    }

    /// Streams the export to `output` and flushes it (a download's body); returns its count as the file's
    /// variant does. Throws ``ExportError/unknownParticipant(_:)`` before writing anything.
    @discardableResult
    public func write(
        from database: StudyStorage, filter: ExportFilter, pseudonyms: Pseudonyms, to output: ExportWriter,
        at now: Date = Date(), checkpoint: AuditCheckpoint? = nil, progress: (Int) -> Void = { _ in }
    ) throws -> Int {
        try checkParticipant(of: filter, in: database)
        let count =
            switch self {
            case .csv:
                try CSVExport.write(
                    from: database, filter: filter, pseudonyms: pseudonyms, to: output, progress: progress)
            case .json:
                try JSONExport.write(
                    from: database, filter: filter, pseudonyms: pseudonyms, to: output, at: now,
                    checkpoint: checkpoint, progress: progress)
            case .fhir:
                try FHIRExport.write(
                    from: database, filter: filter, pseudonyms: pseudonyms, to: output, at: now,
                    checkpoint: checkpoint, progress: progress)
            }
        try output.flush()
        return count
    }

    /// Throws ``ExportError/unknownParticipant(_:)`` when the filter names an id that is not a participant.
    public func checkParticipant(of filter: ExportFilter, in database: StudyStorage) throws {
        guard let participant = filter.participantID else { return }
        guard try database.read({ db in try AccountStore.isParticipant(participant, in: db) }) else {
            throw ExportError.unknownParticipant(participant)
        }
    }

    /// The media type and file name of a download of the whole study in this format.
    public var download: (contentType: String, fileName: String) {
        switch self {
        case .csv: ("text/csv; charset=utf-8", "recover-study.csv")
        case .json: ("application/json", "recover-study.json")
        case .fhir: ("application/fhir+json", "recover-study-fhir.json")
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
