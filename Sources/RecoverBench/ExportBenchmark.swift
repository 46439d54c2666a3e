import CareSQLite
import Cryptography
import Dispatch
import Exports
import Foundation
import RecoverData
import SQLite

/// CSV export rate for 1,000,000 outcome values, against the `sqlite3` shell's `-csv` output of the same
/// rows from the same table (the same `json_each` unpacking), in the same run. `EXPORT_BENCH_KEEP` keeps the
/// folder; `EXPORT_BENCH_DATA_DIR` measures a kept one again without filling it (for `perf record`).
func exportBenchmark() async throws {
    let environment = ProcessInfo.processInfo.environment
    let existing = environment["EXPORT_BENCH_DATA_DIR"].map { URL(filePath: $0) }
    let folder =
        existing
        ?? FileManager.default.temporaryDirectory.appending(path: "recover-bench-export-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let keep = environment["EXPORT_BENCH_KEEP"] != nil || existing != nil
    defer { if !keep { try? FileManager.default.removeItem(at: folder) } }
    if keep { print("export.database: \(folder.path) (kept)") }
    let participants = 2000
    let outcomesEach = 250  // two values each: 1,000,000 values
    do {
        // The whole schema (the export joins the consent and correction tables), without the audit recorder: the
        // rows are inserted directly, as a fixture, not as changes anyone made.
        let database = try Database.open(
            dataDirectory: folder, migrations: RecoverSchema.migrations,
            configuration: DatabaseConfiguration(durability: .normal))
        if existing == nil {
            let filled = try benchmarkSeconds {
                try fill(database, participants: participants, outcomesEach: outcomesEach)
            }
            print("export.fill: \(participants * outcomesEach) outcomes in \(String(format: "%.1f", filled)) s")
        }

        // Three rounds, each ours then the shell's two statements, so a change in the machine's load falls on
        // all of them; the medians are compared.
        let out = folder.appending(path: "values.csv")
        let shellOut = folder.appending(path: "shell.csv")
        var rows = 0
        var ours: [Double] = []
        var shell: [Double] = []
        var shellRows: [Double] = []
        for _ in 0..<3 {
            let seconds = try benchmarkSeconds {
                rows = try ExportFormat.csv.write(
                    from: StudyStorage(database), filter: try ExportFilter(),
                    pseudonyms: Pseudonyms(secret: Crypto.randomBytes(32)), to: out)
            }
            ours.append(Double(rows) / seconds)
            for (query, into) in [(shellFromJSON, 1), (shellFromRows, 2)] {
                let seconds = try benchmarkSeconds { try runShell(query, database: database.url, out: shellOut) }
                let lines = try lineCount(shellOut) - 1
                guard lines == rows else { throw ExportBenchmarkError("the shell wrote \(lines) rows, not \(rows)") }
                if into == 1 {
                    shell.append(Double(lines) / seconds)
                } else {
                    shellRows.append(Double(lines) / seconds)
                }
            }
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        print("export.csv.recover: \(rows) rows, \(Int(median(ours))) rows/s (median of 3)")
        print("export.csv.sqlite3_shell: \(Int(median(shell))) rows/s (the values unpacked from the outcomes' JSON)")
        print("export.csv.sqlite3_shell_rows: \(Int(median(shellRows))) rows/s (the same rows from outcome_value)")
        print("export.csv.ratio_recover_to_sqlite3: \(String(format: "%.2f", median(ours) / median(shell)))")
        print(
            "export.csv.ratio_recover_to_sqlite3_rows: \(String(format: "%.2f", median(ours) / median(shellRows)))")
    }
}

struct ExportBenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The lines of a file, counted in its bytes.
private func lineCount(_ url: URL) throws -> Int {
    try Data(contentsOf: url).reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
}

/// What a researcher with the `sqlite3` shell would run: the values unpacked from each outcome's JSON, as the
/// export did before outcome values were kept as rows.
private let shellFromJSON = """
    SELECT p.patient_id AS participant, o.task_id AS task, o.occurrence, substr(o.event_start, 1, 10) AS event_date,
    json_extract(v.value, '$.kind') AS kind, c.value AS value, json_extract(v.value, '$.unit') AS unit,
    o.created_at AS recorded_at
    FROM care_outcome AS o JOIN care_task_version AS t ON t.version_id = o.task_version_id
    JOIN care_plan AS p ON p.id = t.care_plan_id JOIN json_each(o.values_json) AS v
    JOIN json_each(v.value, '$.content') AS c
    WHERE o.deleted_at IS NULL AND p.patient_id IS NOT NULL ORDER BY o.task_id, o.event_start
    """

/// The same columns read from the rows the export reads (`outcome_value`).
private let shellFromRows = """
    SELECT participant_id AS participant, task_id AS task, occurrence, substr(event_start, 1, 10) AS event_date,
    kind, value, unit, created_at AS recorded_at, corrected_value, correction_reason
    FROM outcome_value ORDER BY participant_id, task_id, event_start, outcome_id, position
    """

/// One plan and check-in task per participant and their outcomes, inserted directly (one transaction).
private func fill(_ database: Database, participants: Int, outcomesEach: Int) throws {
    try database.write { db in
        for participant in 0..<participants {
            let patient = String(format: "p%05d", participant)
            try db.execute(
                "INSERT INTO care_patient (id, name, time_zone) VALUES (?, ?, 'UTC')", [patient, patient])
            try db.execute(
                "INSERT INTO care_plan (id, title, patient_id) VALUES (?, 'Knee', ?)", ["plan.\(patient)", patient])
            try db.execute(
                """
                INSERT INTO care_task_version (version_id, task_id, sequence, care_plan_id, effective_at, is_deleted, json)
                VALUES (?, ?, 0, ?, '2026-01-01T00:00', 0, '{}')
                """, ["v.\(patient)", "\(patient).checkin", "plan.\(patient)"])
            for occurrence in 0..<outcomesEach {
                let day = 20_454 + occurrence  // days since 1970: 2026-01-01 onwards
                let date = Date(timeIntervalSince1970: Double(day) * 86_400 + 28_800)
                let local = DatabaseDate.string(from: date).prefix(16)
                let values =
                    #"[{"content":{"integer":\#(1 + (participant + occurrence) % 10)},"kind":"checkin.form.pain"},"#
                    + #"{"content":{"integer":\#(4 + occurrence % 6)},"kind":"checkin.form.sleep","unit":"h"}]"#
                try db.execute(
                    """
                    INSERT INTO care_outcome (id, task_id, task_version_id, occurrence, event_start, values_json,
                    created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    [
                        "\(patient)-\(occurrence)", "\(patient).checkin", "v.\(patient)", occurrence, String(local),
                        values, date, date,
                    ])
            }
        }
    }
}

private func runShell(_ query: String, database: URL, out: URL) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = ["-csv", "-header", database.path, query]
    guard FileManager.default.createFile(atPath: out.path, contents: nil) else {
        throw CocoaError(.fileWriteUnknown)
    }
    let handle = try FileHandle(forWritingTo: out)
    defer { try? handle.close() }
    process.standardOutput = handle
    try process.run()
    process.waitUntilExit()
}

private func benchmarkSeconds(_ body: () throws -> Void) throws -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}
