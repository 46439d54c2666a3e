import Care
import Exports
import Foundation
import RecoverData

extension Commands {
    static let export = CommandSpec(
        name: "export",
        abstract: "Export study data as CSV (one row per outcome value), JSON (everything) or a FHIR R4 Bundle.",
        synopsis:
            "--format csv|json|fhir --out FILE [--participant ID] [--from DATE --to DATE] "
            + "[--after-withdrawal include|exclude] [--without-current-consent include|exclude] [--data-dir DIR] "
            + "[--database URL]",
        discussion: """
            Participants appear under stable pseudonyms. DATE is YYYY-MM-DD (event dates, inclusive). The \
            file appears only when complete (written to a temporary file, then renamed); progress goes to \
            standard error on long runs. SOURCE_DATE_EPOCH (seconds since 1970), when set, is the export \
            time the JSON and FHIR files state, so two exports of the same records are the same bytes. \
            Values recorded after a participant withdrew are left out unless --after-withdrawal include; \
            participants who have not signed the current version of every required consent document are \
            left out with --without-current-consent exclude. The JSON and FHIR files state which applied (and \
            so does this command's last line) and carry the newest signed audit checkpoint the server stored \
            (docs/audit.md). The audit trail records the export as a read of each exported \
            participant's data (and of the study) by cli:export:<user>. See docs/exports.md.
            """,
        options: [
            .option("format", value: "FORMAT", help: "csv, json or fhir."),
            .option("out", value: "FILE", help: "The file to write."),
            .option("participant", value: "ID", help: "Only this participant (their account id)."),
            .option("from", value: "DATE", help: "First event date included (YYYY-MM-DD)."),
            .option("to", value: "DATE", help: "Last event date included (YYYY-MM-DD)."),
            .option(
                "after-withdrawal", value: "WHAT",
                help: "include or exclude (default) values recorded after withdrawal."),
            .option(
                "without-current-consent", value: "WHAT",
                help: "include (default) or exclude participants without the current consent version."),
        ] + StudyLocation.options
    ) { arguments in
        try arguments.expectPositionals(atMost: 0)
        let formatName = try arguments.required("format")
        guard let format = ExportFormat(rawValue: formatName) else {
            throw UsageError("--format must be csv, json or fhir, got '\(formatName)'")
        }
        let out = URL(fileURLWithPath: try arguments.required("out"))
        var filter: ExportFilter
        do {
            filter = try ExportFilter(
                participantID: arguments.value("participant"), from: try date(arguments, "from"),
                to: try date(arguments, "to"))
        } catch let error as ExportError {
            throw UsageError(error.description)
        }
        filter.consent = ExportFilter.ConsentScope(
            afterWithdrawal: try inclusion(arguments, "after-withdrawal", default: .excluded),
            withoutCurrentConsent: try inclusion(arguments, "without-current-consent", default: .included))
        let data = try StudyLocation.openExisting(arguments)
        let progress = ProgressLine(noun: format.unit)
        do {
            // Audited as the console's download is, naming the operator's system user.
            try format.recordExport(
                filter: filter, by: OperatorActor.actor(command: "export"), at: Date(), in: data.records.database)
            let count = try format.write(
                from: data.records.database, filter: filter, pseudonyms: Pseudonyms(signingKey: data.signingKey),
                to: out, at: try exportTime(), checkpoint: try AuditCheckpoint.latest(in: data.records.database),
                progress: progress.update)
            progress.finish(count)
            Output.standard.line("wrote \(count) \(format.unit) to \(out.path) (\(filter.consent.summary))")
        } catch let error as ExportError {
            if case .unknownParticipant = error { throw NoInputError(error.description) }
            if case .cannotWrite = error { throw CannotCreateError(error.description) }
            throw DataError(error.description)
        }
    }

    private static func inclusion(
        _ arguments: ParsedArguments, _ name: String, default value: ExportFilter.ConsentScope.Inclusion
    ) throws -> ExportFilter.ConsentScope.Inclusion {
        switch arguments.value(name) {
        case nil: value
        case "include": .included
        case "exclude": .excluded
        case let other?: throw UsageError("--\(name) must be include or exclude, got '\(other)'")
        }
    }

    private static func date(_ arguments: ParsedArguments, _ name: String) throws -> LocalDate? {
        guard let text = arguments.value(name) else { return nil }
        guard let date = LocalDate(text), date.description == text else {
            throw UsageError("--\(name) expects a date YYYY-MM-DD, got '\(text)'")
        }
        return date
    }
}

/// The export time the files state: now, or `SOURCE_DATE_EPOCH` (seconds since 1970, the reproducible-output
/// convention) when set, so that two exports of the same records are byte for byte the same file.
private func exportTime() throws -> Date {
    guard let text = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], !text.isEmpty else { return Date() }
    // Digits only, up to the last second of 9999: no sign, spaces or overflow.
    guard text.utf8.count <= 12, text.utf8.allSatisfy({ (48...57).contains($0) }), let seconds = Int64(text),
        seconds <= 253_402_300_799
    else {
        throw UsageError("SOURCE_DATE_EPOCH must be whole seconds since 1970 (0 to 253402300799)")
    }
    return Date(timeIntervalSince1970: TimeInterval(seconds))
}
