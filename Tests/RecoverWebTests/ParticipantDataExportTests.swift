import Foundation
import SQLite
import Testing

@testable import RecoverData
@testable import RecoverWeb

/// The Apple Health daily figures in "Download my data" (docs/participant-data.md).
@Suite struct ParticipantDataExportTests {
    /// Stores a figure row for `participantID` as an import would, with the import's row.
    static func storeFigures(_ participantID: String, importID: String, in harness: RecordsHarness) throws {
        try harness.database.write { db in
            try db.execute(
                """
                INSERT INTO health_import (id, participant_id, imported_at, records_read, records_kept, skipped,
                    days_stored, samples_stored)
                VALUES (?, ?, ?, 2, 2, ?, 1, 0)
                """, [importID, participantID, Date(timeIntervalSince1970: 1_780_000_000), Data("{}".utf8)])
            let figures: [(String, Double?, Double?, Double?, Double?, Int?)] = [
                ("HKQuantityTypeIdentifierHeartRate", nil, 52, 68.25, 131, 96),
                ("HKQuantityTypeIdentifierStepCount", 4_321, nil, nil, nil, nil),
            ]
            for (type, total, minimum, mean, maximum, count) in figures {
                try db.execute(
                    """
                    INSERT INTO health_daily (participant_id, local_day, health_type, id, total, minimum, mean, maximum,
                        reading_count, import_id)
                    VALUES (?, '2026-05-28', ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    [
                        participantID, type, "\(participantID)/2026-05-28/\(type)", total, minimum,
                        mean, maximum, count, importID,
                    ])
            }
        }
    }

    @Test func theJSONListsTheParticipantsOwnHealthDaysWithTheirImport() throws {
        let harness = try RecordsHarness()
        let pat = try harness.participant("pat@example.com")
        let sam = try harness.participant("sam@example.com")
        try Self.storeFigures(pat.account.id, importID: "import-pat", in: harness)
        try Self.storeFigures(sam.account.id, importID: "import-sam", in: harness)
        let export = ParticipantDataExport(
            account: pat.account, outcomes: [], surveyResults: [], exportedAt: harness.clock.now,
            healthDays: try harness.records.healthDailyRecords(participantID: pat.account.id))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(export.document)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["formatVersion"] as? Int == 1, "a member was added, none changed")
        let days = try #require(json["healthDays"] as? [[String: Any]])
        #expect(days.count == 2)
        // By day, then by type identifier: HKQuantityTypeIdentifierHeartRate sorts before …StepCount.
        let heart = try #require(days.first)
        #expect(heart["day"] as? String == "2026-05-28")
        #expect(heart["type"] as? String == "HKQuantityTypeIdentifierHeartRate")
        #expect(heart["unit"] as? String == "count/min")
        #expect(heart["minimum"] as? Double == 52 && heart["mean"] as? Double == 68.25)
        #expect(heart["maximum"] as? Double == 131 && heart["readingCount"] as? Int == 96)
        #expect(heart["total"] == nil, "a range has no total")
        let steps = try #require(days.last)
        #expect(steps["type"] as? String == "HKQuantityTypeIdentifierStepCount" && steps["unit"] as? String == "count")
        #expect(steps["total"] as? Double == 4_321 && steps["mean"] == nil && steps["readingCount"] == nil)
        #expect(steps["importID"] as? String == "import-pat")
        #expect(steps["importedAt"] as? String == "2026-05-28T20:26:40.000Z")
        #expect(!String(decoding: data, as: UTF8.self).contains("import-sam"))
        #expect(!export.csv.contains("HKQuantityType"), "the CSV stays one table of outcome values")
    }

    @Test func aParticipantWithoutHealthDataGetsAnEmptyList() throws {
        let harness = try RecordsHarness()
        _ = try harness.participant("pat@example.com")
        var browser = harness.browser(signingIn: "pat@example.com")
        let response = browser.get("/account/data.json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect((json["healthDays"] as? [Any])?.isEmpty == true)
    }
}
