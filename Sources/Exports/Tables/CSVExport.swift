import CareSQLite
import Foundation
import RecoverData
import SQLite

/// The CSV export: one row per live outcome value (docs/exports.md), after a UTF-8 byte order mark.
public enum CSVExport {
    /// Writes the values the filter selects to `output`, streaming; returns the number of rows.
    @discardableResult
    public static func write(
        from database: StudyStorage, filter: ExportFilter, pseudonyms: Pseudonyms, to output: ExportWriter,
        progress: (Int) -> Void = { _ in }
    ) throws -> Int {
        try output.write(CSVCell.byteOrderMark + CSVCell.line(OutcomeValueRow.csvHeader))
        var count = 0
        var names: [String: String] = [:]
        var line: [UInt8] = []
        try database.read { db in
            // Participants without the current consent version, when the export leaves them out.
            var excluded: Set<String> = []
            if filter.consent.withoutCurrentConsent == .excluded {
                var all = filter
                all.consent.withoutCurrentConsent = .included
                try StudyRecords.forEachParticipant(all, in: db) { account in
                    if !(try StudyRecords.hasCurrentConsent(account.id, in: db)) { excluded.insert(account.id) }
                }
            }
            try OutcomeValueRow.forEach(filter, in: db) { row in
                if excluded.contains(row.participantID) { return }
                let pseudonym = names[row.participantID] ?? pseudonyms.id(for: row.participantID)
                names[row.participantID] = pseudonym
                line.removeAll(keepingCapacity: true)
                CSVCell.appendLine(
                    [
                        pseudonym, row.task, String(row.occurrence), row.eventDate, row.kind, row.value, row.unit,
                        row.recordedAt, row.consentVersion, row.correctedValue, row.correctionReason,
                    ], to: &line)
                try output.write(line)
                count += 1
                if count % 100_000 == 0 { progress(count) }
            }
        }
        return count
    }
}
