import Care
import Cryptography
import ExportFormats
import Exports
import Foundation
import RecoverData
import Testing

/// What spreadsheets need from a CSV download: a UTF-8 byte order mark first (Excel reads Chinese text
/// right only with it) and numbers without binary float noise, on SQLite and PostgreSQL.
@Suite struct CSVEncodingTests {
    @Test(arguments: [
        (70.00000000000003, "70.0"), (7.5, "7.5"), (0.1 + 0.2, "0.3"), (1.0 / 3.0, "0.333333"), (-12.25, "-12.25"),
        (-0.0000001, "0.0"), (2_000_000_000.5, "2000000000.5"), (118.99999999999999, "119.0"),
    ])
    func numbersAreRoundedToTheirPrecision(value: Double, expected: String) {
        #expect(CSVCell.decimal(value) == expected)
    }

    @Test(arguments: ExportBackend.allCases)
    func theStudyCSVStartsWithAByteOrderMarkAndHasNoFloatNoise(backend: ExportBackend) throws {
        let storage = try backend.open()
        let key = SigningKey.generate()
        try DemoData(participants: 1, days: 2, today: ExportFixture.today).generate(
            into: StudyDatabase(database: storage, signingKey: key))
        let values = [
            OutcomeValue(.double(70.00000000000003), kind: "rangeOfMotion.flexion", unit: "deg"),
            OutcomeValue(.text("膝盖有点疼"), kind: "note"),
        ]
        let json = String(decoding: try JSONEncoder().encode(values), as: UTF8.self)
        try storage.write { db in
            try db.execute(
                """
                UPDATE care_outcome SET values_json = ?
                WHERE id = (SELECT min(id) FROM care_outcome WHERE deleted_at IS NULL)
                """, [json])
        }
        let folder = FileManager.default.temporaryDirectory.appending(path: "recover-exports-tests")
            .appending(path: UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appending(path: "study.csv")
        try ExportFormat.csv.write(
            from: storage, filter: try ExportFilter(), pseudonyms: Pseudonyms(signingKey: key), to: out)
        let bytes = [UInt8](try Data(contentsOf: out))
        #expect(Array(bytes.prefix(3)) == [0xEF, 0xBB, 0xBF])
        let text = String(decoding: bytes.dropFirst(3), as: UTF8.self)
        #expect(text.hasPrefix("participant,task,"))
        let rows = CSVReader.rows(text)
        let degrees = try #require(rows.first { $0.count > 6 && $0[4] == "rangeOfMotion.flexion" })
        #expect(degrees[5] == "70.0" && degrees[6] == "deg")
        #expect(rows.contains { $0.count > 5 && $0[4] == "note" && $0[5] == "膝盖有点疼" })
        #expect(!text.contains("00000000"))
    }
}
