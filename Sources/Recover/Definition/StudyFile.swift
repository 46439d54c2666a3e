import Care
import Foundation
import Research

/// Reads and writes study files (docs/study-file.md): `{"format": "recover.study", "version": 1, ...}`.
///
/// Reading checks everything and reports every problem with its location (`tasks[2].schedule[0].until: ...`);
/// a file with any problem gives no definition.
///
/// ```swift
/// let study = try StudyFile.read(data)
/// let data = try StudyFile.write(study)
/// ```
public enum StudyFile {
    /// The `format` member of a study file.
    public static let formatName = "recover.study"
    /// The version of the file format this build reads and writes.
    public static let formatVersion = 1
    /// The largest study version number.
    public static let maximumVersion = 1_000_000

    /// Turns a FHIR Questionnaire (its JSON) into an engine survey, or throws its problems as lines.
    public typealias QuestionnaireImporter = @Sendable (Data) throws -> Survey

    /// Reads and checks a study file. FHIR surveys are converted with `importQuestionnaire`.
    public static func read(
        _ data: Data, importQuestionnaire: QuestionnaireImporter? = nil
    ) throws(StudyFileError) -> StudyDefinition {
        guard let root = JSONValue.parse(data) else {
            throw StudyFileError([StudyProblem("", "not JSON")])
        }
        var reader = StudyFileReader(importQuestionnaire: importQuestionnaire)
        let study = reader.study(root)
        guard reader.problems.isEmpty, let study else { throw StudyFileError(reader.problems) }
        let problems = StudyLint.problems(in: study)
        if !problems.isEmpty { throw StudyFileError(problems) }
        return study
    }

    /// The file for `study`: pretty-printed with sorted keys, so versions compare line by line.
    public static func write(_ study: StudyDefinition) throws -> Data {
        let encoder = SurveyJSON.encoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(StudyFileDocument(study))
    }
}

/// Every problem of a study file that could not be used.
public struct StudyFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The problems, in file order.
    public let problems: [StudyProblem]

    /// Creates an error from its problems.
    public init(_ problems: [StudyProblem]) { self.problems = problems }

    /// One line per problem.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}

/// One problem of a study file: where (a JSON path) and what.
public struct StudyProblem: Hashable, Sendable, CustomStringConvertible {
    /// The JSON path, such as `tasks[2].schedule[0].until`; empty for the whole file.
    public let location: String
    /// What is wrong.
    public let message: String

    /// Creates a problem.
    public init(_ location: String, _ message: String) {
        self.location = location
        self.message = message
    }

    /// `location: message`, or the message alone for the whole file.
    public var description: String { location.isEmpty ? message : "\(location): \(message)" }
}
