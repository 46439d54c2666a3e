import Care
import Foundation
import Recover
import SQLite

/// The dashboard's "Needs attention" list beyond the alerts: participants behind on today's required task and
/// those who have not signed the current version of a required consent document.
extension ConsoleQueries {
    /// Participants still in the study, onboarded, whose daily task (the study's `monitoring.dailyTask`) ran
    /// yesterday and who have no check-in for yesterday or today; and, per current required consent document,
    /// onboarded participants still in the study without a record of its current version. A few aggregate
    /// queries (one for the check-ins, one per current required document), never one per participant.
    public static func attention(today: LocalDate, in db: StoreConnection) throws -> [ConsoleAlert] {
        var alerts: [ConsoleAlert] = []
        if let daily = try StudyVersionStore.inForce(in: db).monitoring.dailyTask {
            alerts = try participants(without: daily, from: today.addingDays(-1), before: today.addingDays(1), in: db)
                .map { ConsoleAlert(participantID: $0.id, email: $0.email, reason: .behindToday) }
        }
        for document in try ConsentLibrary.current(in: db) where document.isRequired {
            let hashes = document.texts.values.map(\.sha256).sorted()
            guard !hashes.isEmpty else { continue }
            // The record first: SQLite tests the terms in this order, and nearly everyone has signed, so the
            // onboarding probe runs only for the few without a record.
            let unsigned = try db.query(
                """
                SELECT a.id, a.email FROM account a
                WHERE a.role = 'participant' AND a.withdrawn_at IS NULL
                    AND NOT EXISTS (SELECT 1 FROM consent_record c WHERE c.patient_id = a.id
                        AND c.document_sha256 IN (\(StoreConnection.placeholders(hashes.count))))
                    AND \(onboarded)
                ORDER BY a.created_at, a.id
                """, hashes)
            let titles = document.texts.mapValues(\.title)
            alerts += try unsigned.map { row in
                ConsoleAlert(
                    participantID: try row.string("id"), email: try row.string("email"),
                    reason: .consentUnsigned(documentID: document.documentID, version: document.version, titles: titles)
                )
            }
        }
        return alerts
    }
}
