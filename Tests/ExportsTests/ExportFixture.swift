import Care
import CareSQLite
import Cryptography
import Exports
import Foundation
import RecoverData
import SQLite

/// A fresh data folder with the full schema and a signing key, optionally filled with demo data.
struct ExportFixture {
    let folder: URL
    let database: Database
    let key = SigningKey.generate()

    static let today = LocalDate(year: 2026, month: 3, day: 1) ?? LocalDate(dayNumber: 0)

    init(
        participants: Int = 0, days: Int = 10, seed: UInt64 = 3, migrations: [Migration] = RecoverSchema.migrations
    ) throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "recover-exports-tests")
            .appending(path: UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        database = try RecoverSchema.open(
            dataDirectory: folder, migrations: migrations, configuration: DatabaseConfiguration(durability: .normal))
        if participants > 0 {
            try DemoData(participants: participants, days: days, seed: seed, today: Self.today).generate(
                into: records)
        }
    }

    /// The study's records in the folder, consent signed with the fixture's key.
    var records: StudyDatabase { StudyDatabase(database: database, signingKey: key) }

    var pseudonyms: Pseudonyms { Pseudonyms(signingKey: key) }

    func url(_ name: String) -> URL { folder.appending(path: name) }
}

/// An RFC 4180 reader for the tests: quoted cells, doubled quotes, CRLF records; undoes the formula guard.
enum CSVReader {
    static func rows(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var cell = ""
        var quoted = false
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" {
                        cell.append("\"")
                        characters.removeFirst()
                    } else {
                        quoted = false
                    }
                } else {
                    cell.append(character)
                }
                continue
            }
            switch character {
            case "\"": quoted = true
            case ",":
                row.append(unguard(cell))
                cell = ""
            case "\r\n", "\n":
                row.append(unguard(cell))
                rows.append(row)
                row = []
                cell = ""
            default: cell.append(character)
            }
        }
        if !cell.isEmpty || !row.isEmpty {
            row.append(unguard(cell))
            rows.append(row)
        }
        return rows
    }

    static func unguard(_ cell: String) -> String {
        guard cell.hasPrefix("'"), let next = cell.dropFirst().first, "=+-@\t\r".contains(next) else { return cell }
        return String(cell.dropFirst())
    }
}
