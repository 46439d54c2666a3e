import Exports
import Foundation
import RecoverData
import SQLite
import Testing

/// A database made before outcome values were kept as rows gets them from its stored outcomes when the
/// migration runs, and its CSV export is the same as a database that always kept them.
struct OutcomeValueBackfillTests {
    @Test func theMigrationFillsTheRowsOfOutcomesStoredBeforeIt() throws {
        let before = RecoverSchema.migrations.filter { $0.name != "outcome-values-001-rows" }
        #expect(before.count == RecoverSchema.migrations.count - 1)
        let old = try ExportFixture(participants: 3, days: 6, migrations: before)
        let reopened = try RecoverSchema.open(
            dataDirectory: old.folder, configuration: DatabaseConfiguration(durability: .normal))
        let records = StudyDatabase(database: reopened, signingKey: old.key)
        #expect(try records.outcomeValueMismatches() == [])
        let rows = try reopened.read { db in try db.queryOne("SELECT count(*) AS n FROM outcome_value")?.int("n") }
        #expect((rows ?? 0) > 20, "three participants' six days of values")

        let kept = try ExportFixture(participants: 3, days: 6)
        func csv(_ records: StudyDatabase, _ fixture: ExportFixture) throws -> String {
            let out = fixture.url("values.csv")
            try ExportFormat.csv.write(
                from: records.database, filter: try ExportFilter(), pseudonyms: fixture.pseudonyms, to: out)
            return try String(contentsOf: out, encoding: .utf8)
        }
        let backfilled = try csv(records, old)
        #expect(CSVReader.rows(backfilled).count > 20)
        #expect(
            CSVReader.rows(backfilled).map { $0.dropFirst() }
                == CSVReader.rows(try csv(kept.records, kept)).map {
                    $0.dropFirst()
                }, "the same rows but for the pseudonyms (each fixture has its own key)")
    }
}
