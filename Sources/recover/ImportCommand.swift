import Foundation
import HealthImport
import RecoverData

extension Commands {
    static let importData = CommandSpec(
        name: "import",
        abstract: "Import a participant's data from outside the study (an Apple Health export).",
        subcommands: [importHealth]
    )

    static let importHealth = CommandSpec(
        name: "health",
        abstract: "Import a participant's Apple Health export.zip: daily figures of the types they granted.",
        synopsis: "--participant ID|EMAIL FILE [--data-dir DIR] [--database URL]",
        discussion: """
            Reads the export.zip the Health app writes ("Export All Health Data") in one streaming pass and \
            stores, in one transaction, one figure per local day (the participant's time zone) and type they \
            granted in onboarding's permissions step, from their enrolment on, and the raw samples of the \
            last 30 days. Importing the same or a newer export again replaces each day's figure, never adds \
            to it. Prints what was read, kept and skipped (counts only). Exits 65 when the file is not a \
            readable Health export, 66 when the file or the participant does not exist. See \
            docs/health-import.md.
            """,
        options: [
            .option("participant", value: "ID|EMAIL", help: "The participant (account id or e-mail address).")
        ] + StudyLocation.options
    ) { arguments in
        try arguments.expectPositionals(atMost: 1)
        let who = try arguments.required("participant")
        let file = URL(fileURLWithPath: try arguments.positional(0, "FILE"))
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw NoInputError("no file at \(file.path)")
        }
        let data = try StudyLocation.openExisting(arguments)
        let accounts = data.records.accounts
        let found = who.contains("@") ? try accounts.account(email: who) : try accounts.account(id: who)
        guard let account = found, account.role == .participant else {
            throw NoInputError("no participant '\(who)' in the study")
        }
        let importer: HealthImporter
        do {
            importer = try data.records.healthImporter(participantID: account.id)
        } catch let error as HealthStoreError {
            throw DataError(error.description)
        }
        let granted = importer.configuration.grantedTypes
        let progress = ProgressLine(noun: "KiB of the export read")
        let result: HealthImportResult
        var consumed: Int64 = 0
        do {
            result = try importer.importExport(at: file) {
                consumed = $0.bytesConsumed
                progress.update(Int(clamping: consumed / 1024))
            }
        } catch let error as HealthImportError {
            if error.code == .unreadableFile { throw NoInputError(error.description) }
            throw DataError(error.description)
        }
        progress.finish(Int(clamping: consumed / 1024))
        let record: HealthImportRecord
        do {
            record = try data.records.importHealth(
                result, for: account.id, by: "cli:import-health", at: Date(), id: UUID().uuidString.lowercased())
        } catch let error as HealthStoreError {
            if error.code == .unknownParticipant { throw NoInputError(error.description) }
            throw DataError(error.description)
        }
        for line in healthSummary(record, granted: granted) { Output.standard.line(line) }
    }

    /// What an import did, in counts: never a value.
    static func healthSummary(_ record: HealthImportRecord, granted: Set<HealthType>) -> [String] {
        let skipped = record.skipped.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        let skippedTotal = record.skipped.values.reduce(0) { total, count in
            let (sum, overflow) = total.addingReportingOverflow(count)
            return overflow ? Int.max : sum
        }
        let span = record.firstDay.map { first in " (\(first) to \(record.lastDay ?? first))" } ?? ""
        return [
            "imported health export \(record.id): \(record.recordsRead) records read, \(record.recordsKept) kept, "
                + "\(skippedTotal) skipped; \(record.daysStored) days stored\(span), "
                + "\(record.samplesStored) recent samples",
            "skipped by reason: " + (skipped.isEmpty ? "none" : skipped.joined(separator: ", ")),
            "granted types: "
                + (granted.isEmpty ? "none" : granted.map(\.rawValue).sorted().joined(separator: ", ")),
        ]
    }
}
