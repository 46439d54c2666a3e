import Care
import Foundation
import Recover
import RecoverData
import Research

extension Commands {
    /// `recover survey`: list, export, lint and answer surveys.
    static let survey = CommandSpec(
        name: "survey",
        abstract: "List, export, check and answer surveys; FHIR Questionnaires in and out.",
        subcommands: [
            SurveyCommand.list, SurveyCommand.export, SurveyCommand.lint, SurveyCommand.answer,
            SurveyCommand.importFHIR, SurveyCommand.exportFHIR,
        ]
    )
}

/// The subcommands of `recover survey`.
enum SurveyCommand {
    /// The surveys of the shipped study, in its order.
    static var shippedIDs: [String] { RecoverStudy.shipped.surveys.map(\.id) }

    static let languageOption = OptionSpec.option("language", value: "TAG", help: "Language of texts: en or zh-Hans.")

    static let list = CommandSpec(name: "list", abstract: "List the shipped study's survey identifiers.") { arguments in
        try arguments.expectPositionals(atMost: 0)
        for id in shippedIDs { Output.standard.line(id) }
    }

    static let export = CommandSpec(
        name: "export",
        abstract: "Print a built-in survey as JSON.",
        synopsis: "<id> [--language <tag>]",
        discussion: "The format is described in docs/survey-json.md.",
        options: [languageOption]
    ) { arguments in
        try arguments.expectPositionals(atMost: 1)
        let id = try arguments.positional(0, "id")
        guard let survey = RecoverSurveys.survey(id, language: try language(arguments)) else {
            throw UsageError("no built-in survey '\(id)'; known: \(shippedIDs.joined(separator: ", "))")
        }
        try Output.standard.write(String(decoding: SurveyJSON.encode(survey), as: UTF8.self) + "\n")
    }

    static let lint = CommandSpec(
        name: "lint",
        abstract: "Check a survey JSON file: prints ok, or one line per problem and exits 65.",
        synopsis: "<file.json>"
    ) { arguments in
        try arguments.expectPositionals(atMost: 1)
        let data = try read(try arguments.positional(0, "file.json"))
        do {
            _ = try SurveyJSON.decodeSurvey(data)
            Output.standard.line("ok")
        } catch let error as SurveyLoadError {
            for line in error.lines { Output.standard.line(line) }
            throw CommandExit(code: .dataError)
        }
    }

    static let answer = CommandSpec(
        name: "answer",
        abstract: "Run a survey with answers from a file and print the result with its outcome values.",
        synopsis:
            "<id | file.json> <answers.json> [--language <tag>] [--run-id <id>] [--date <iso8601>] [--time-zone <id>]",
        discussion: """
            answers.json: {"<step id>": {"<item id>": <value> | "dontKnow"}}. A range-of-motion step takes
            {"quaternions": [[x, y, z, w], ...]} or {"euler": [[alpha, beta, gamma], ...]} with an optional
            "orientation": "portrait" | "landscape". Steps without questions need no answers; optional steps
            without answers are skipped. See docs/survey-json.md.
            """,
        options: [
            languageOption,
            .option("run-id", value: "ID", help: "Identifier of the run (default: a new UUID)."),
            .option("date", value: "ISO8601", help: "Time of the answers (default: now)."),
            .option("time-zone", value: "ID", help: "Participant's time zone (default: UTC)."),
        ]
    ) { arguments in
        try arguments.expectPositionals(atMost: 2)
        let source = try arguments.positional(0, "id | file.json")
        let answersPath = try arguments.positional(1, "answers.json")
        let survey = try loadSurvey(source, language: try language(arguments))
        guard let answers = JSONValue.parse(try read(answersPath)) else {
            throw DataError("\(answersPath): malformed JSON")
        }
        var date = Date()
        if let text = arguments.value("date") {
            guard let parsed = SurveyJSON.parseDate(text) else {
                throw UsageError("--date expects ISO-8601 with an offset, like 2026-05-04T08:30:00+02:00")
            }
            date = parsed
        }
        var timeZone = TimeZone(secondsFromGMT: 0) ?? .current
        if let identifier = arguments.value("time-zone") {
            guard let zone = TimeZone(identifier: identifier) else {
                throw UsageError("unknown time zone '\(identifier)'")
            }
            timeZone = zone
        }
        guard let pages = answers.objectValue else {
            throw DataError("answers must be an object of steps: {\"<step id>\": {\"<item id>\": value}}")
        }
        let runID = arguments.value("run-id") ?? UUID().uuidString
        let report: MappedResult
        switch SurveyRun.answerAll(survey, pages: pages, runID: runID, at: date, timeZone: timeZone) {
        case .success(let result):
            do {
                report = try MappedResult(result, survey: survey)
            } catch let error as MappingError {
                throw DataError(error.message)
            }
        case .failure(let errors):
            throw DataError(errors.description)
        }
        let encoder = SurveyJSON.encoder(timeZone: timeZone)
        Output.standard.write(String(decoding: try encoder.encode(report), as: UTF8.self) + "\n")
    }

    static func language(_ arguments: ParsedArguments) throws -> StudyLanguage {
        guard let tag = arguments.value("language") else { return .english }
        guard let language = StudyLanguage(tag: tag) else {
            throw UsageError("unknown language '\(tag)'; use en or zh-Hans")
        }
        return language
    }

    static func read(_ path: String) throws -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            Output.error.line("error: cannot read '\(path)'")
            throw CommandExit(code: .noInput)
        }
        return data
    }

    static func loadSurvey(_ source: String, language: StudyLanguage) throws -> Survey {
        if let survey = RecoverSurveys.survey(source, language: language) { return survey }
        guard source.hasSuffix(".json") || FileManager.default.fileExists(atPath: source) else {
            throw UsageError("no built-in survey '\(source)'; known: \(shippedIDs.joined(separator: ", "))")
        }
        do {
            return try SurveyJSON.decodeSurvey(try read(source))
        } catch let error as SurveyLoadError {
            throw DataError("\(source):\n" + error.lines.map { "  \($0)" }.joined(separator: "\n"))
        }
    }
}
