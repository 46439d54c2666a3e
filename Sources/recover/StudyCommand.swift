import Care
import Foundation
import Recover
import RecoverData
import SQLite

extension Commands {
    static let study = CommandSpec(
        name: "study",
        abstract: "The study file: check one, export the version in force, apply a new version (docs/study-file.md).",
        subcommands: [studyLint, studyExport, studyApply, studyVersions]
    )

    static let studyLint = CommandSpec(
        name: "lint",
        abstract: "Check a study file; print every problem with its location.",
        synopsis: "FILE",
        discussion: "Exits 0 with \"ok\" when the file can be applied as far as the file alone tells, 1 otherwise."
    ) { arguments in
        try arguments.expectPositionals(atMost: 1)
        let (path, data) = try studyFileArgument(arguments)
        do throws(StudyFileError) {
            let study = try StudyFile.read(data, importQuestionnaire: RecoverStudy.questionnaireImporter)
            Output.standard.line(
                "ok: \(study.id) version \(study.version), \(study.surveys.count) surveys, \(study.tasks.count) tasks, "
                    + "\(study.consents.count) consent documents, \(study.monitoring.alerts.count) alert rules")
        } catch {
            throw DataError("\(path):\n" + error.problems.map { "  \($0)" }.joined(separator: "\n"))
        }
    }

    static let studyExport = CommandSpec(
        name: "export",
        abstract: "Print the study file in force (or an earlier version) to standard output or --out FILE.",
        synopsis: "[--version N] [--shipped] [--out FILE] [--data-dir DIR] [--database URL]",
        discussion: "--shipped prints the study as this build ships it, without a data folder.",
        options: [
            .option("version", value: "N", help: "An earlier applied version."),
            .flag("shipped", help: "The study this build ships; needs no data folder."),
            .option("out", value: "FILE", help: "Write the file here instead of standard output."),
        ] + StudyLocation.options
    ) { arguments in
        try arguments.expectPositionals(atMost: 0)
        let study: StudyDefinition
        if arguments.flag("shipped") {
            study = RecoverStudy.shipped
        } else {
            let records = try StudyLocation.openExisting(arguments).records
            if let text = arguments.value("version") {
                guard let number = Int(text), (1...StudyFile.maximumVersion).contains(number) else {
                    throw UsageError("--version takes a version number from 1 to \(StudyFile.maximumVersion)")
                }
                guard let found = try records.studyVersion(number) else {
                    throw DataError("no study version \(number) was applied")
                }
                study = found
            } else {
                study = try records.studyForExport()
            }
        }
        let data = try StudyFile.write(study)
        if let out = arguments.value("out") {
            try data.write(to: URL(filePath: out), options: .atomic)
            Output.standard.line("wrote \(study.id) version \(study.version) to \(out)")
        } else {
            Output.standard.write(String(decoding: data, as: UTF8.self) + "\n")
        }
    }

    static let studyApply = CommandSpec(
        name: "apply",
        abstract: "Apply a study file as the study's new version from a date; say what changes.",
        synopsis: "FILE --effective YYYY-MM-DD [--dry-run] [--data-dir DIR] [--database URL]",
        discussion: """
            Prints the changes (tasks added, schedules changed, tasks ended, surveys revised), then applies them in \
            one transaction: participants already enrolled get them from the effective date (their own local \
            day); what they recorded before is untouched; drafts keep the survey they were started with. The \
            version number must be above the one in force, and a changed survey needs a raised revision. \
            --dry-run only prints.
            """,
        options: [
            .option("effective", value: "YYYY-MM-DD", help: "The first day the version applies (today or later)."),
            .flag("dry-run", help: "Print what would change; apply nothing."),
        ] + StudyLocation.options
    ) { arguments in
        try arguments.expectPositionals(atMost: 1)
        let (path, data) = try studyFileArgument(arguments)
        guard let text = arguments.value("effective") else { throw UsageError("give --effective YYYY-MM-DD") }
        guard let effective = LocalDate(text) else { throw UsageError("--effective is not a day: \(text)") }
        let records = try StudyLocation.openExisting(arguments).records
        let amendment: StudyAmendment
        do {
            if arguments.flag("dry-run") {
                amendment = try records.previewStudy(data)
            } else {
                amendment = try records.applyStudy(
                    data, effective: effective, actor: "cli:study-apply:\(OperatorIdentity.userName)", now: Date())
            }
        } catch let error as StudyApplyError {
            switch error {
            case .invalid(let problems):
                throw DataError("\(path):\n" + problems.problems.map { "  \($0)" }.joined(separator: "\n"))
            case .effectiveInThePast: throw DataError(error.description)
            }
        }
        let verb = arguments.flag("dry-run") ? "Would apply" : "Applied"
        Output.standard.line(
            "\(verb) \(amendment.to.id) version \(amendment.to.version) (replacing \(amendment.from.version)) from \(effective):"
        )
        for line in amendment.lines { Output.standard.line("  \(line)") }
        if amendment.isEmpty { Output.standard.line("  no changes to tasks or surveys") }
    }

    static let studyVersions = CommandSpec(
        name: "versions",
        abstract: "List the applied study versions, newest first, with what each changed.",
        synopsis: "[--data-dir DIR] [--database URL]",
        options: StudyLocation.options
    ) { arguments in
        try arguments.expectPositionals(atMost: 0)
        let records = try StudyLocation.openExisting(arguments).records
        let versions = try records.studyVersions()
        if versions.isEmpty {
            Output.standard.line("version \(RecoverStudy.shipped.version) (shipped), no amendments applied")
        }
        for version in versions {
            let from = version.effectiveOn.isEmpty ? "from the start" : "from \(version.effectiveOn)"
            Output.standard.line(
                "version \(version.version) \(from), applied \(DatabaseDate.string(from: version.appliedAt)) by \(version.appliedBy)"
            )
            for change in version.changes { Output.standard.line("  \(change)") }
        }
    }

    /// The study file named by the first positional argument, read whole.
    private static func studyFileArgument(_ arguments: ParsedArguments) throws -> (String, Data) {
        guard let path = arguments.positionals.first else { throw UsageError("name the study file") }
        guard let data = FileManager.default.contents(atPath: path) else { throw NoInputError("cannot read \(path)") }
        return (path, data)
    }
}
