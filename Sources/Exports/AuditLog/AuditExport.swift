import Foundation
import RecoverData

/// The audit trail as JSON lines: one ``AuditEntry`` object per line, in trail order, with the column names
/// of the `audit_entry` table, so anyone can recompute the chain from the file alone (docs/audit.md).
public enum AuditExport {
    /// Writes every entry of `trail` to `destination` atomically; returns the number of entries.
    ///
    /// Streams the entries from one read snapshot, so memory stays flat whatever the trail's length.
    /// `progress` is called with the count so far every `progressInterval` entries.
    @discardableResult
    public static func writeJSONLines(
        of database: StudyStorage, to destination: URL, progressInterval: Int = 100_000,
        progress: (Int) -> Void = { _ in }
    ) throws -> Int {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try ExportFile.write(to: destination) { file in
            var count = 0
            try database.read { db in
                try AuditTrail.forEachEntry(in: db) { entry in
                    try file.write(try encoder.encode(entry))
                    try file.write("\n")
                    count += 1
                    if count % progressInterval == 0 { progress(count) }
                }
            }
            return count
        }
    }
}
