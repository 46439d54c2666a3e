import Care
import CareSQLite
import ExportFormats
import Foundation
import Recover
import RecoverData
import SQLite
import Testing

@testable import Exports

@Suite struct CSVExportTests {
    @Test(arguments: [
        ("plain", "plain"), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""), ("two\nlines", "\"two\nlines\""),
        ("=SUM(A1)", "'=SUM(A1)"), ("+cmd", "'+cmd"), ("@import", "'@import"), ("-3", "-3"), ("+2.5", "+2.5"),
        ("-x", "'-x"), ("=1,2", "\"'=1,2\""), ("", ""),
    ])
    func cellsAreQuotedAndFormulasDefused(value: String, expected: String) {
        #expect(CSVCell.encode(value) == expected)
    }

    /// The rows the export must contain, computed from the stores without the export's query.
    private func expectedRows(_ fixture: ExportFixture) throws -> [[String]] {
        // Each number to its item's precision (CSVPrecisionTests checks the rules themselves).
        let precision = ValuePrecision(studies: [RecoverStudy.shipped])
        return try fixture.database.read { db in
            var rows: [[String]] = []
            for outcome in try SQLiteCareStore.outcomes(OutcomeQuery(), in: db) {
                let version = try #require(
                    try SQLiteCareStore.tasks(CareTaskQuery(ids: [outcome.taskID]), in: db).first)
                let plan = try #require(
                    try SQLiteCareStore.carePlans(patientID: nil, in: db).first { $0.id == version.carePlanID })
                let participant = try #require(plan.patientID)
                let store = StoreConnection(db)
                let consentVersion =
                    try ConsentScope.consentID("survey_result", outcome.id, in: store)
                    .flatMap { try ConsentStore.record(id: $0, in: store)?.documentVersion } ?? ""
                for value in outcome.values {
                    let text: String =
                        switch value.content {
                        case .integer(let number): String(number)
                        case .double(let number):
                            precision.places(for: value.kind ?? "").map { CSVCell.decimal(number, places: $0) }
                                ?? CSVCell.decimal(number)
                        case .boolean(let flag): flag ? "true" : "false"
                        case .text(let text): text
                        case .date(let date): DatabaseDate.string(from: date)
                        case .data(let data): data.base64EncodedString()
                        }
                    rows.append([
                        fixture.pseudonyms.id(for: participant),
                        String(outcome.taskID.dropFirst(participant.count + 1)), String(outcome.occurrenceIndex),
                        String((outcome.eventStart?.description ?? "").prefix(10)), value.kind ?? "", text,
                        value.unit ?? "", DatabaseDate.string(from: outcome.createdDate), consentVersion, "", "",
                    ])
                }
            }
            return rows
        }
    }

    @Test func reimportingTheCSVGivesBackEveryOutcomeValue() throws {
        let fixture = try ExportFixture(participants: 4, days: 12)
        let out = fixture.url("outcomes.csv")
        let count = try ExportFormat.csv.write(
            from: fixture.records.database, filter: try ExportFilter(), pseudonyms: fixture.pseudonyms, to: out)
        let bytes = [UInt8](try Data(contentsOf: out))
        #expect(Array(bytes.prefix(3)) == Array(CSVCell.byteOrderMark.utf8))
        let rows = CSVReader.rows(String(decoding: bytes.dropFirst(3), as: UTF8.self))
        #expect(rows.first == OutcomeValueRow.csvHeader)
        #expect(rows.count == count + 1)
        let expected = try expectedRows(fixture)
        #expect(expected.count == count && count > 4 * 12)
        #expect(Set(rows.dropFirst().map { $0 }) == Set(expected))
    }

    @Test func textValuesWithCommasQuotesNewlinesAndFormulasSurviveTheRoundTrip() throws {
        let fixture = try ExportFixture(participants: 1, days: 3)
        let tricky = ["a, b", "say \"hi\"", "two\r\nlines", "=HYPERLINK(\"x\")", "@cmd", "-1", "plain 中文"]
        try fixture.database.write { db in
            let outcome = try #require(try SQLiteCareStore.outcomes(OutcomeQuery(), in: db).first)
            _ = try SQLiteCareStore.updateOutcome(
                id: outcome.id, values: tricky.map { OutcomeValue(.text($0), kind: "note") }, at: Date(), in: db)
        }
        let out = fixture.url("tricky.csv")
        try ExportFormat.csv.write(
            from: fixture.records.database, filter: try ExportFilter(), pseudonyms: fixture.pseudonyms, to: out)
        let notes = CSVReader.rows(try String(contentsOf: out, encoding: .utf8)).filter {
            $0.count > 4 && $0[4] == "note"
        }
        #expect(notes.map { $0[5] } == tricky)
        #expect(notes.allSatisfy { $0.count == OutcomeValueRow.csvHeader.count })
    }

    @Test func participantAndDateFiltersSelectRows() throws {
        let fixture = try ExportFixture(participants: 3, days: 10)
        let someone = try #require(try AccountStore(database: fixture.database).accounts(role: .participant).first)
        let from = try #require(LocalDate("2026-02-22"))
        let to = try #require(LocalDate("2026-02-24"))
        let out = fixture.url("filtered.csv")
        try ExportFormat.csv.write(
            from: fixture.records.database, filter: try ExportFilter(participantID: someone.id, from: from, to: to),
            pseudonyms: fixture.pseudonyms, to: out)
        let rows = CSVReader.rows(try String(contentsOf: out, encoding: .utf8)).dropFirst()
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { $0[0] == fixture.pseudonyms.id(for: someone.id) })
        #expect(rows.allSatisfy { $0[3] >= "2026-02-22" && $0[3] <= "2026-02-24" })
    }

    @Test func anUnknownParticipantOrAReversedRangeIsRefusedBeforeAnyFileExists() throws {
        let fixture = try ExportFixture(participants: 1, days: 2)
        let out = fixture.url("never.csv")
        #expect(throws: ExportError.unknownParticipant("nobody")) {
            try ExportFormat.csv.write(
                from: fixture.records.database, filter: try ExportFilter(participantID: "nobody"),
                pseudonyms: fixture.pseudonyms, to: out)
        }
        #expect(throws: ExportError.self) {
            try ExportFilter(from: LocalDate("2026-03-02"), to: LocalDate("2026-03-01"))
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path).allSatisfy {
                !$0.contains("never")
            })
    }
}
