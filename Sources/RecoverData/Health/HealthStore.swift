import Foundation
import HealthImport

/// A participant's Apple Health figures in the Recover database: one row per local day and type
/// (`health_daily`), the raw samples of the most recent days (`health_sample`) and one row per import
/// (`health_import`). Each operation runs inside the caller's transaction; ``StudyDatabase`` composes them
/// into use cases (``StudyDatabase/importHealth(_:for:by:at:id:)``).
///
/// Every change of a daily row and every import row is audited as a change to the participant's data; the
/// raw samples are a working copy replaced by each import (like survey drafts) and covered by the import's
/// entry.
public enum HealthStore {
    /// How far back from the newest stored sample raw samples are kept.
    public static let sampleWindow: TimeInterval = 30 * 86_400

    /// Raw samples inserted by one statement.
    static let samplesPerStatement = 500

    /// The audit trail's name of a daily row.
    static func dailyRow(participantID: String, day: HealthDay, type: HealthType) -> AuditedRow {
        AuditedRow(table: "health_daily", key: "\(participantID)/\(day)/\(type.rawValue)")
    }

    /// Stores `figure`, replacing the figure of the same day and type (a later import wins; nothing adds up).
    /// An unchanged figure is left as it was (with the import that first stored it), so re-importing the same
    /// export adds no audit entry for it.
    static func upsert(
        _ figure: HealthDailyFigure, participantID: String, importID: String, in db: StoreConnection
    ) throws {
        let row = dailyRow(participantID: participantID, day: figure.day, type: figure.type)
        try AuditTrail.recordChange(of: row, participantID: participantID, in: db) {
            try db.execute(
                """
                INSERT INTO health_daily (participant_id, local_day, health_type, id, total, minimum, mean, maximum,
                    reading_count, import_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (participant_id, local_day, health_type) DO UPDATE SET total = excluded.total,
                    minimum = excluded.minimum, mean = excluded.mean, maximum = excluded.maximum,
                    reading_count = excluded.reading_count, import_id = excluded.import_id
                WHERE health_daily.total IS DISTINCT FROM excluded.total
                    OR health_daily.minimum IS DISTINCT FROM excluded.minimum
                    OR health_daily.mean IS DISTINCT FROM excluded.mean
                    OR health_daily.maximum IS DISTINCT FROM excluded.maximum
                    OR health_daily.reading_count IS DISTINCT FROM excluded.reading_count
                """,
                [
                    participantID, figure.day.description, figure.type.rawValue, row.key, figure.total,
                    figure.minimum, figure.mean, figure.maximum, figure.count, importID,
                ])
        }
    }

    /// Replaces the participant's raw samples from the first of `samples` on with `samples`, then drops those
    /// older than ``sampleWindow`` before the newest stored one. Returns how many were stored.
    static func replaceSamples(
        _ samples: [HealthSample], participantID: String, importID: String, in db: StoreConnection
    ) throws -> Int {
        guard let first = samples.map(\.start).min() else { return 0 }
        try db.execute("DELETE FROM health_sample WHERE participant_id = ? AND start_at >= ?", [participantID, first])
        // Several rows a statement: one round trip per batch on PostgreSQL, well under either database's limit
        // of bound parameters (8 a row).
        var start = samples.startIndex
        while start < samples.endIndex {
            let batch = samples[start..<min(start + samplesPerStatement, samples.endIndex)]
            let row = "(\(StoreConnection.placeholders(8)))"
            try db.execute(
                """
                INSERT INTO health_sample (participant_id, health_type, source, start_at, end_at, value, sleep_stage,
                    import_id)
                VALUES \(Array(repeating: row, count: batch.count).joined(separator: ", "))
                """,
                batch.flatMap { sample -> [any StoreValue] in
                    [
                        participantID, sample.type.rawValue, sample.source, sample.start, sample.end, sample.value,
                        sample.sleepStage?.rawValue, importID,
                    ]
                })
            start = batch.endIndex
        }
        let newest: Date? = try db.queryOne(
            "SELECT max(start_at) AS newest FROM health_sample WHERE participant_id = ?", [participantID])?["newest"]
        if let newest {
            try db.execute(
                "DELETE FROM health_sample WHERE participant_id = ? AND start_at < ?",
                [participantID, newest.addingTimeInterval(-sampleWindow)])
        }
        return samples.count
    }

    /// Stores the import's row, audited as the creation of a participant record.
    static func add(_ record: HealthImportRecord, in db: StoreConnection) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let skipped = try encoder.encode(record.skipped)
        try AuditTrail.recordChange(
            of: AuditedRow(table: "health_import", key: record.id), participantID: record.participantID, in: db
        ) {
            try db.execute(
                """
                INSERT INTO health_import (id, participant_id, imported_at, records_read, records_kept, skipped,
                    days_stored, samples_stored, first_day, last_day)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    record.id, record.participantID, record.importedAt, record.recordsRead, record.recordsKept,
                    skipped, record.daysStored, record.samplesStored, record.firstDay, record.lastDay,
                ])
        }
    }

    /// Deletes every stored figure and sample of `type` of the participant (a revoked grant), each daily row's
    /// deletion audited. Returns the daily rows deleted.
    static func delete(_ type: HealthType, participantID: String, in db: StoreConnection) throws -> Int {
        let days = try db.query(
            "SELECT local_day FROM health_daily WHERE participant_id = ? AND health_type = ? ORDER BY local_day",
            [participantID, type.rawValue])
        for row in days {
            let day = try Self.day(try row.string("local_day"))
            let audited = dailyRow(participantID: participantID, day: day, type: type)
            try AuditTrail.recordChange(of: audited, participantID: participantID, in: db) {
                try db.execute("DELETE FROM health_daily WHERE id = ?", [audited.key])
            }
        }
        try db.execute(
            "DELETE FROM health_sample WHERE participant_id = ? AND health_type = ?", [participantID, type.rawValue])
        return days.count
    }

    /// The participant's figures from `first` through `last` (both optional), by day then type.
    static func figures(
        participantID: String, from first: HealthDay?, through last: HealthDay?, in db: StoreConnection
    ) throws -> [HealthDailyFigure] {
        var figures: [HealthDailyFigure] = []
        try forEachDailyRecord(participantID: participantID, from: first, through: last, in: db) { record in
            figures.append(record.figure)
        }
        return figures
    }

    /// Calls `body` with each of the participant's stored figures from `first` through `last` (both optional),
    /// by day then type, with the import that set it; one row at a time, inside the caller's transaction (the
    /// exports stream through it). The same order on both databases: days and types are `COLLATE "C"` on
    /// PostgreSQL, compared byte by byte as SQLite does.
    public static func forEachDailyRecord(
        participantID: String, from first: HealthDay?, through last: HealthDay?, in db: StoreConnection,
        _ body: (HealthDailyRecord) throws -> Void
    ) throws {
        try db.forEachRow(
            """
            SELECT d.*, i.imported_at AS imported_at FROM health_daily AS d
            LEFT JOIN health_import AS i ON i.id = d.import_id
            WHERE d.participant_id = ? AND d.local_day >= ? AND d.local_day <= ?
            ORDER BY d.local_day, d.health_type
            """, [participantID, first?.description ?? "0000-00-00", last?.description ?? "9999-99-99"]
        ) { row in
            guard let type = HealthType(rawValue: try row.string("health_type")) else {
                throw HealthStoreError(.unreadableRow, "a stored health figure has an unknown type")
            }
            let figure = HealthDailyFigure(
                day: try day(try row.string("local_day")), type: type, total: try row["total"],
                minimum: try row["minimum"], mean: try row["mean"], maximum: try row["maximum"],
                count: try row["reading_count"])
            try body(
                HealthDailyRecord(
                    figure: figure, importID: try row.string("import_id"), importedAt: try row["imported_at"]))
        }
    }

    /// The participant's imports, oldest first.
    static func imports(participantID: String, in db: StoreConnection) throws -> [HealthImportRecord] {
        try db.query(
            "SELECT * FROM health_import WHERE participant_id = ? ORDER BY imported_at, id", [participantID]
        ).map { row in
            guard let skipped = try? JSONDecoder().decode([String: Int].self, from: try row.data("skipped")) else {
                throw HealthStoreError(.unreadableRow, "a stored health import cannot be read")
            }
            return HealthImportRecord(
                id: try row.string("id"), participantID: try row.string("participant_id"),
                importedAt: try row.date("imported_at"), recordsRead: try row.int("records_read"),
                recordsKept: try row.int("records_kept"), skipped: skipped, daysStored: try row.int("days_stored"),
                samplesStored: try row.int("samples_stored"), firstDay: try row["first_day"],
                lastDay: try row["last_day"])
        }
    }

    /// A stored `YYYY-MM-DD`, every field bounded before it is read.
    static func day(_ text: String) throws -> HealthDay {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let dayOfMonth = Int(parts[2]),
            let day = HealthDay(year: year, month: month, day: dayOfMonth)
        else { throw HealthStoreError(.unreadableRow, "a stored health figure has an invalid day") }
        return day
    }
}
