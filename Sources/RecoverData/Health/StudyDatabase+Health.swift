import Foundation
import HealthImport

/// A participant's Apple Health data: an import stored in one transaction, only the types they granted, the
/// stored days, and the deletion of a type they revoked.
extension StudyDatabase {
    /// The Health types the participant granted in their onboarding's permissions step (``HealthGrants``).
    public func grantedHealthTypes(participantID: String) throws -> Set<HealthType> {
        try database.read { db in try HealthGrants.granted(participantID: participantID, in: db) }
    }

    /// Stores one import of the participant's export in ONE write transaction, as `actor`: the daily figures
    /// of the types they granted (read again here, whatever the importer was told) replace the stored figures
    /// of the same day and type, so importing the same or a newer export again leaves the same totals; the
    /// recent raw samples of granted types replace the stored ones from the first of them on; and the import
    /// is recorded with its counts. Throws ``HealthStoreError`` (`.unknownParticipant`, `.withdrawn`) with nothing stored.
    @discardableResult
    public func importHealth(
        _ result: HealthImportResult, for participantID: String, by actor: String, at instant: Date,
        id: String = UUID().uuidString.lowercased()
    ) throws -> HealthImportRecord {
        try database.write { db in
            try Self.storeImport(result, for: participantID, by: actor, at: instant, id: id, in: db)
        }
    }

    /// ``importHealth(_:for:by:at:id:)`` inside the caller's write transaction.
    static func storeImport(
        _ result: HealthImportResult, for participantID: String, by actor: String, at instant: Date, id: String,
        in db: StoreConnection
    ) throws -> HealthImportRecord {
        db.auditActor = actor
        guard let account = try AccountStore.account(id: participantID, in: db), account.role == .participant
        else { throw HealthStoreError(.unknownParticipant, "no participant with id '\(participantID)'") }
        guard !account.isWithdrawn else {
            throw HealthStoreError(.withdrawn, "participant '\(participantID)' has withdrawn: nothing is imported")
        }
        let granted = try HealthGrants.granted(participantID: participantID, in: db)
        let figures = result.days.flatMap(HealthDailyFigure.figures(of:)).filter { granted.contains($0.type) }
        guard figures.allSatisfy(\.isPlausible) else {
            throw HealthStoreError(.implausibleFigure, "the import holds a figure that is not a plausible number")
        }
        for figure in figures {
            try HealthStore.upsert(figure, participantID: participantID, importID: id, in: db)
        }
        let samples = result.recentSamples.filter { granted.contains($0.type) }
        guard samples.allSatisfy({ $0.value.isFinite && $0.end >= $0.start }) else {
            throw HealthStoreError(.implausibleFigure, "the import holds a sample that is not a plausible number")
        }
        let stored = try HealthStore.replaceSamples(samples, participantID: participantID, importID: id, in: db)
        let summary = result.summary
        let record = HealthImportRecord(
            id: id, participantID: participantID, importedAt: instant, recordsRead: summary.recordsRead,
            recordsKept: summary.recordsKept,
            skipped: Dictionary(uniqueKeysWithValues: summary.skipped.map { ($0.key.code, $0.value) }),
            daysStored: Set(figures.map(\.day)).count, samplesStored: stored,
            firstDay: summary.firstDay?.description, lastDay: summary.lastDay?.description)
        try HealthStore.add(record, in: db)
        if let consentID = try ConsentScope.participationRecord(patientID: participantID, in: db) {
            try ConsentScope.record(
                "health_import", id, participantID: participantID, consentID: consentID, at: instant, in: db)
        }
        return record
    }

    /// The participant's stored daily figures from `first` through `last` (nil: no bound), by day then type.
    public func healthDays(
        participantID: String, from first: HealthDay? = nil, through last: HealthDay? = nil
    ) throws -> [HealthDailyFigure] {
        try database.read { db in
            try HealthStore.figures(participantID: participantID, from: first, through: last, in: db)
        }
    }

    /// The participant's stored daily figures with the import that set each, by day then type (the
    /// participant's own download).
    public func healthDailyRecords(participantID: String) throws -> [HealthDailyRecord] {
        try database.read { db in
            var records: [HealthDailyRecord] = []
            try HealthStore.forEachDailyRecord(participantID: participantID, from: nil, through: nil, in: db) {
                records.append($0)
            }
            return records
        }
    }

    /// The participant's stored imports, oldest first.
    public func healthImports(participantID: String) throws -> [HealthImportRecord] {
        try database.read { db in try HealthStore.imports(participantID: participantID, in: db) }
    }

    /// Deletes every stored figure and raw sample of `type` of the participant (they revoked it), as `actor`,
    /// in one write transaction; each deleted daily row is audited. Returns the daily rows deleted.
    @discardableResult
    public func deleteHealthData(_ type: HealthType, participantID: String, by actor: String) throws -> Int {
        try database.write { db in
            db.auditActor = actor
            return try HealthStore.delete(type, participantID: participantID, in: db)
        }
    }
}
