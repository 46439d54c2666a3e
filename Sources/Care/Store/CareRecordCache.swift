import Foundation

/// The care store's decoded JSON columns: task versions and outcome values, so that reading a feed again decodes
/// no JSON.
///
/// Why a cache and not the schedule in columns: a task is a nested value (schedule elements, tags, user info),
/// so columns would mean child tables, a migration of every stored version and a second encoding to keep in
/// step with `Codable`; a version row never changes once written, so its decoded value can simply be kept.
///
/// Why it is correct without invalidation: a value is kept by row id together with the exact JSON text it was
/// decoded from, and handed back only for a row holding those same bytes. Which rows a read sees (the task's
/// versions, the live outcomes) still comes from SQL in the read's own snapshot; the cache only skips the decode.
/// `updateTask` and `deleteTask` append version rows with new ids, so the next read finds the new row and decodes
/// it once; an updated outcome has new text and is decoded again. So one cache may serve any number of stores and
/// databases in a process (tests open many, with the same ids), a rolled-back write or a file restored from a
/// backup, and a hit always equals a fresh decode.
///
/// Why one ``shared`` cache by default: the `static` functions of `SQLiteCareStore` and `PostgresCareStore` run
/// inside other stores' transactions (the study's feed read is one of them) and get only the connection. A store
/// can be given its own cache (`CareRecordCache(entries: 0)` decodes every time). The cache lives in `Care` so
/// that both database stores use the same one: a row's text is compared byte for byte, so the compact JSON
/// SQLite keeps and the normalised text PostgreSQL prints for a `jsonb` column never stand for each other.
///
/// Bounded: each of the two kinds keeps at most `entries` values and `textBytes` bytes of JSON text; past either,
/// its least recently used half goes.
///
/// ```swift
/// let care = SQLiteCareStore(database: database)  // reads through CareRecordCache.shared
/// let feed = try await care.events(on: today, timeZoneIdentifier: zone)
/// ```
public final class CareRecordCache: Sendable {
    /// The cache of every store and `static` function not given another.
    public static let shared = CareRecordCache()

    private let taskVersions: DecodedRowCache<CareTask>
    private let valuesByOutcome: DecodedRowCache<[OutcomeValue]>

    /// A cache keeping at most `entries` task versions and `entries` outcomes' values, and `textBytes` bytes of
    /// JSON for each; 0 entries keeps nothing.
    public init(entries: Int = 8192, textBytes: Int = 8 << 20) {
        taskVersions = DecodedRowCache(entryLimit: entries, textByteLimit: textBytes)
        valuesByOutcome = DecodedRowCache(entryLimit: entries, textByteLimit: textBytes)
    }

    /// The task version `versionID` of a `care_task_version` row holding `json`: the kept value, or decoded once.
    public func task(versionID: String, json: String) throws -> CareTask {
        try taskVersions.value(id: versionID, text: json) { json in
            try CareRecordJSON.decode(CareTask.self, json, table: "care_task_version", id: versionID)
        }
    }

    /// The values of outcome `id` of a `care_outcome` row holding `json`: the kept value, or decoded once.
    public func outcomeValues(id: String, json: String) throws -> [OutcomeValue] {
        try valuesByOutcome.value(id: id, text: json) { json in
            try CareRecordJSON.decode([OutcomeValue].self, json, table: "care_outcome", id: id)
        }
    }

    /// How many JSON columns were decoded through this cache (its misses) since it was made.
    public var decodeCount: Int { taskVersions.decodeCount + valuesByOutcome.decodeCount }

    /// How many decoded values it keeps.
    public var count: Int { taskVersions.count + valuesByOutcome.count }

    /// Forgets every kept value; the next reads decode again.
    public func removeAll() {
        taskVersions.removeAll()
        valuesByOutcome.removeAll()
    }
}
