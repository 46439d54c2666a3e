import Care
import Cryptography
import ExportFormats
import Foundation
import Recover
import RecoverData
import Research
import SQLite
import Testing

@testable import Exports

/// CSV numbers rounded to the precision of the item they answer (issue 17 item 11), and the CSV written the same,
/// byte for byte, from SQLite and PostgreSQL.
@Suite struct CSVPrecisionTests {
    @Test(arguments: [
        (7.25, 0, "7"), (7.5, 0, "8"), (72.46000000000001, 1, "72.5"), (70.00000000000003, 1, "70.0"),
        (1.0 / 3.0, 2, "0.33"), (2.0 / 3.0, 2, "0.67"), (5, 2, "5.00"), (-3.26, 1, "-3.3"), (-3.25, 1, "-3.3"),
        (-0.04, 1, "0.0"),
        (-0.0, 0, "0"), (-0.6, 0, "-1"), (0.05, 2, "0.05"), (1e-7, 6, "0.000000"), (2_000_000_000.5, 0, "2000000000.5"),
        (12.5, 9, "12.500000"), (3, -1, "3"),
    ])
    func aValueIsWrittenWithItsPlaces(value: Double, places: Int, expected: String) {
        #expect(CSVCell.decimal(value, places: places) == expected)
    }

    /// A study with a survey of a continuous scale (1 fraction digit), a scale, a whole-number entry and a
    /// decimal entry, a score, and a rule keeping the scale under a kind of its own.
    static let study: StudyDefinition = {
        var study = RecoverStudy.shipped
        let items = [
            FormItem(
                id: "mood", text: "Mood",
                answerFormat: .continuousScale(ContinuousScaleFormat(minimum: 0, maximum: 5, fractionDigits: 1))),
            FormItem(id: "pain", text: "Pain", answerFormat: .scale(ScaleFormat(minimum: 0, maximum: 10))),
            FormItem(id: "steps", text: "Steps", answerFormat: .numeric(NumericFormat(style: .integer))),
            FormItem(id: "weight", text: "Weight", answerFormat: .numeric(NumericFormat(style: .decimal))),
        ]
        let survey = Survey(
            id: "wellbeing", steps: [Step(id: "form", kind: .form(items))],
            scores: [
                SurveyScore(
                    id: "wellbeing.total", method: .mean,
                    items: [.init(step: "form", item: "mood"), .init(step: "form", item: "pain")])
            ])
        study.surveys.append(StudySurvey(id: "wellbeing", revision: 1, languages: ["en": survey]))
        study.outcomes.append(
            StudyOutcomeRule(survey: "wellbeing", source: .answer(step: "form", item: "pain"), kind: "wellbeing.pain"))
        return study
    }()

    @Test func eachKindTakesItsItemsPrecision() {
        let precision = ValuePrecision(studies: [Self.study])
        #expect(precision.places(for: "mood") == 1)
        #expect(precision.places(for: "pain") == 0)
        #expect(precision.places(for: "wellbeing.pain") == 0)
        #expect(precision.places(for: "steps") == 0)
        #expect(precision.places(for: "weight") == nil)
        #expect(precision.places(for: "wellbeing.total") == 2)
        #expect(precision.places(for: RangeOfMotionOutcomeMapping.kind) == 1)
        #expect(precision.places(for: "hearing.left.1000") == 0)
        #expect(precision.places(for: "something.else") == nil)
    }

    @Test func theNewestVersionsDefinitionOfAKindWins() {
        var newer = Self.study
        newer.outcomes.removeAll { $0.kind == "wellbeing.pain" }
        newer.outcomes.append(
            StudyOutcomeRule(survey: "wellbeing", source: .answer(step: "form", item: "mood"), kind: "wellbeing.pain"))
        #expect(ValuePrecision(studies: [Self.study, newer]).places(for: "wellbeing.pain") == 1)
        #expect(ValuePrecision(studies: [newer, Self.study]).places(for: "wellbeing.pain") == 0)
    }

    /// Outcome values of every type with a correction and tricky text, written as rows (the same on both
    /// databases), and the CSV lines the export must write for them.
    static let values: [(OutcomeValue, String)] = [
        (OutcomeValue(.double(72.46000000000001), kind: RangeOfMotionOutcomeMapping.kind, unit: "deg"), "72.5"),
        (OutcomeValue(.double(-3.26), kind: RangeOfMotionOutcomeMapping.kind, unit: "deg"), "-3.3"),
        (OutcomeValue(.double(24.999999999), kind: "hearing.left.1000", unit: "dB"), "25"),
        (OutcomeValue(.double(70.00000000000003), kind: "rangeOfMotion.flexion"), "70.0"),
        (OutcomeValue(.integer(-4), kind: "checkin.form.pain"), "-4"),
        (OutcomeValue(.boolean(true), kind: "fall"), "true"),
        (OutcomeValue(.text("=SUM(A1), \"x\""), kind: "note"), "\"'=SUM(A1), \"\"x\"\"\""),
        (OutcomeValue(.text("膝盖有点疼"), kind: "note"), "膝盖有点疼"),
        (
            OutcomeValue(.date(Date(timeIntervalSince1970: 1_772_000_000)), kind: "done"),
            DatabaseDate.string(from: Date(timeIntervalSince1970: 1_772_000_000))
        ),
    ]

    @Test(arguments: ExportBackend.allCases)
    func theCSVHasEachValueToItsPrecisionTheSameOnEitherDatabase(backend: ExportBackend) throws {
        let storage = try backend.open()
        let json = String(decoding: try JSONEncoder().encode(Self.values.map(\.0)), as: UTF8.self)
        let recorded = Date(timeIntervalSince1970: 1_772_000_000)
        try storage.write { db in
            try db.execute("INSERT INTO care_patient (id, name, time_zone) VALUES ('p1', 'p1', 'UTC')")
            try db.execute("INSERT INTO care_plan (id, title, patient_id) VALUES ('plan.p1', 'Knee', 'p1')")
            try db.execute(
                """
                INSERT INTO care_task_version (version_id, task_id, sequence, care_plan_id, effective_at, is_deleted, json)
                VALUES ('v.p1', 'p1.rom', 0, 'plan.p1', '2026-01-01T00:00', FALSE, '{}')
                """)
            for occurrence in 0..<2 {
                try db.execute(
                    """
                    INSERT INTO care_outcome (id, task_id, task_version_id, occurrence, event_start, values_json,
                    created_at, updated_at) VALUES (?, 'p1.rom', 'v.p1', ?, ?, ?, ?, ?)
                    """,
                    ["o\(occurrence)", occurrence, "2026-02-2\(occurrence)T08:00", json, recorded, recorded])
            }
        }
        let folder = FileManager.default.temporaryDirectory.appending(path: "recover-exports-tests")
            .appending(path: UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appending(path: "study.csv")
        let pseudonyms = Pseudonyms(secret: Array(repeating: 7, count: 32))
        try ExportFormat.csv.write(from: storage, filter: try ExportFilter(), pseudonyms: pseudonyms, to: out)
        let name = pseudonyms.id(for: "p1")
        let recordedText = DatabaseDate.string(from: recorded)
        var expected = CSVCell.byteOrderMark + CSVCell.line(OutcomeValueRow.csvHeader)
        for occurrence in 0..<2 {
            for (value, text) in Self.values {
                expected +=
                    "\(name),rom,\(occurrence),2026-02-2\(occurrence),\(value.kind ?? ""),\(text),\(value.unit ?? ""),"
                    + "\(recordedText),,,\r\n"
            }
        }
        #expect(String(decoding: try Data(contentsOf: out), as: UTF8.self) == expected)
    }
}
