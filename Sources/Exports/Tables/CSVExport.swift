import CareSQLite
import Foundation
import RecoverData
import SQLite

/// The CSV export: one row per live outcome value (docs/exports.md).
public enum CSVExport {
    /// Writes the values the filter selects to `file`, streaming; returns the number of rows.
    @discardableResult
    public static func write(
        from database: StudyStorage, filter: ExportFilter, pseudonyms: Pseudonyms, to file: ExportFile,
        progress: (Int) -> Void = { _ in }
    ) throws -> Int {
        try file.write(CSVCell.line(OutcomeValueRow.csvHeader))
        var count = 0
        var names: [String: String] = [:]
        var line: [UInt8] = []
        try database.read { db in
            try OutcomeValueRow.forEach(filter, in: db) { row in
                let pseudonym = names[row.participantID] ?? pseudonyms.id(for: row.participantID)
                names[row.participantID] = pseudonym
                line.removeAll(keepingCapacity: true)
                CSVCell.appendLine(
                    [
                        pseudonym, row.task, String(row.occurrence), row.eventDate, row.kind, row.value, row.unit,
                        row.recordedAt,
                    ], to: &line)
                try file.write(line)
                count += 1
                if count % 100_000 == 0 { progress(count) }
            }
        }
        return count
    }
}
