import Care
import Foundation
import HealthImport
import RecoverData

/// The participant records the JSON and FHIR exports walk through, read one row at a time inside the
/// caller's read transaction.
enum StudyRecords {
    /// Participant accounts (all, or the filter's one), oldest first.
    static func forEachParticipant(
        _ filter: ExportFilter, in db: StoreConnection, _ body: (Account) throws -> Void
    ) throws {
        let included: (Account) throws -> Bool = { account in
            try filter.consent.withoutCurrentConsent == .included || hasCurrentConsent(account.id, in: db)
        }
        if let participant = filter.participantID {
            // Looked up before the body runs its own queries: no query runs while another is iterated.
            if try AccountStore.isParticipant(participant, in: db),
                let account = try AccountStore.account(id: participant, in: db),
                try included(account)
            {
                try body(account)
            }
            return
        }
        // Ids first, so the nested queries below never share a statement with the outer loop.
        for id in try AccountStore.participantIDs(in: db) {
            if let account = try AccountStore.account(id: id, in: db), try included(account) { try body(account) }
        }
    }

    /// The ids of the participant accounts the filter selects (all, or its one, with its consent rule), oldest
    /// first: whose data an export holds.
    static func forEachParticipantID(_ filter: ExportFilter, in db: StoreConnection, _ body: (String) throws -> Void)
        throws
    {
        try forEachParticipant(filter, in: db) { account in try body(account.id) }
    }

    /// Whether the participant has signed the current version of every required consent document.
    static func hasCurrentConsent(_ participantID: String, in db: StoreConnection) throws -> Bool {
        let standings = try ConsentLibrary.standings(patientID: participantID, in: db)
        return !standings.contains { $0.current.isRequired && !$0.isCurrent }
    }

    /// Whether a value the participant recorded at `recordedAt` is left out as recorded after their withdrawal.
    static func isAfterWithdrawal(_ recordedAt: Date, of account: Account?, _ filter: ExportFilter) -> Bool {
        guard filter.consent.afterWithdrawal == .excluded, let withdrawnAt = account?.withdrawnAt else { return false }
        return recordedAt > withdrawnAt
    }

    /// A participant's consent records with the server's signature details, oldest first.
    static func forEachConsent(
        of participantID: String, in db: StoreConnection,
        _ body: (ConsentRecord, ConsentSigning.StoredSignature?) throws -> Void
    ) throws {
        for record in try ConsentStore.records(patientID: participantID, in: db) {
            try body(record, try ConsentSigning.storedSignature(ofRecord: record.id, in: db))
        }
    }

    /// A participant's stored Apple Health daily figures whose day falls in the filter's dates (for sleep, the
    /// wake-up date), by day then type, each with the import that set it.
    static func forEachHealthDay(
        of participantID: String, _ filter: ExportFilter, in db: StoreConnection,
        _ body: (HealthDailyRecord) throws -> Void
    ) throws {
        try HealthStore.forEachDailyRecord(
            participantID: participantID, from: filter.from.flatMap(healthDay), through: filter.to.flatMap(healthDay),
            in: db, body)
    }

    private static func healthDay(_ date: LocalDate) -> HealthDay? {
        HealthDay(year: date.year, month: date.month, day: date.day)
    }

    /// The study task id of a care task id (`<participant>.checkin` → `checkin`).
    static func studyTask(_ taskID: String, participantID: String) -> String {
        taskID.hasPrefix(participantID + ".") ? String(taskID.dropFirst(participantID.count + 1)) : taskID
    }
}
