import Care
import Foundation
import Research
import Synchronization

/// A whole study as its team writes it: the surveys, the care tasks with their schedules, how answers become
/// outcome values, the consent documents, what the console watches, and the team's contact. One version of a study file (docs/study-file.md); a study's history is a list of these.
///
/// ```swift
/// let study = try StudyDefinition.decode(Data(contentsOf: file))
/// let survey = study.survey(for: "checkin", language: "zh-Hans")
/// ```
public struct StudyDefinition: Hashable, Sendable {
    /// The study's identifier, the same in every version (`recover`).
    public var id: String
    /// This version's number: 1 for the first, higher for each amendment.
    public var version: Int
    /// The study's name per language tag.
    public var title: [String: String]
    /// The language tags the study is offered in; the first is the default.
    public var languages: [String]
    /// The base of the FHIR canonical URLs of the study's Questionnaires.
    public var canonicalBase: String
    /// The surveys, by identifier, in file order.
    public var surveys: [StudySurvey]
    /// The care tasks each participant gets, in file order.
    public var tasks: [StudyTask]
    /// Outcome values taken from answers of surveys without a built-in mapping.
    public var outcomes: [StudyOutcomeRule]
    /// The consent documents at this version, in file order.
    public var consents: [StudyConsent]
    /// The daily task and the alert rules the console watches.
    public var monitoring: StudyMonitoring
    /// The study team's contact card, if the file gives one.
    public var contact: StudyContactCard?

    /// Creates a definition from its members.
    public init(
        id: String, version: Int, title: [String: String], languages: [String],
        canonicalBase: String = StudyDefinition.defaultCanonicalBase, surveys: [StudySurvey], tasks: [StudyTask],
        outcomes: [StudyOutcomeRule] = [], consents: [StudyConsent] = [], monitoring: StudyMonitoring = .none,
        contact: StudyContactCard? = nil
    ) {
        self.id = id
        self.version = version
        self.title = title
        self.languages = languages
        self.canonicalBase = canonicalBase
        self.surveys = surveys
        self.tasks = tasks
        self.outcomes = outcomes
        self.consents = consents
        self.monitoring = monitoring
        self.contact = contact
    }

    /// The consent document with `id`.
    public func consent(_ id: String) -> StudyConsent? { consents.first { $0.id == id } }

    /// The canonical base used when a file names none.
    public static let defaultCanonicalBase = "http://recover.local/fhir"

    /// The task with `id`.
    public func task(_ id: String) -> StudyTask? { tasks.first { $0.id == id } }

    /// The survey definition with `id`.
    public func studySurvey(_ id: String) -> StudySurvey? { surveys.first { $0.id == id } }

    /// The survey that the task `taskID` runs, in `language` (or the study's default language when the survey has
    /// no text in it).
    public func survey(for taskID: String, language: String) -> Survey? {
        guard let task = task(taskID), let survey = studySurvey(task.survey) else { return nil }
        return survey.survey(language: language, fallback: languages.first ?? language)
    }

    /// Whether the answers of the task `taskID` can be changed once given (``Survey/answersCanBeChanged``, the same
    /// in every language); false for a task the study does not have.
    public func answersCanBeChanged(task taskID: String) -> Bool {
        guard let language = languages.first else { return false }
        return survey(for: taskID, language: language)?.answersCanBeChanged ?? false
    }

    /// The tasks whose answers can be changed once given.
    public var changeableTasks: Set<String> { Set(tasks.map(\.id).filter { answersCanBeChanged(task: $0) }) }

    /// The study's title in `language` (or the default language).
    public func title(language: String) -> String {
        StudyText.pick(title, language, fallback: languages.first) ?? id
    }

    /// The task's title in `language`, falling back to the default language.
    public func title(ofTask taskID: String, language: String) -> String? {
        task(taskID).flatMap { StudyText.pick($0.title, language, fallback: languages.first) }
    }
}

/// One survey of a study: its revision and its text per language, all with the same steps and items.
public struct StudySurvey: Hashable, Sendable {
    /// The identifier, also the `surveyID` of its results.
    public var id: String
    /// Raised each time the survey's content changes; a draft keeps the revision it was started with.
    public var revision: Int
    /// The survey per language tag.
    public var languages: [String: Survey]
    /// Where the survey came from in the file: the engine's JSON or a FHIR Questionnaire.
    public var source: Source

    /// How a survey is written in a study file.
    public enum Source: String, Hashable, Sendable {
        /// `recover.survey` documents (docs/survey-json.md).
        case engine
        /// FHIR R4 Questionnaire resources (docs/fhir-questionnaire.md).
        case fhir
    }

    /// Creates a survey definition from its members.
    public init(id: String, revision: Int, languages: [String: Survey], source: Source = .engine) {
        self.id = id
        self.revision = revision
        self.languages = languages
        self.source = source
    }

    /// The survey in `language`, else in `fallback`, else in any language (the first by tag).
    public func survey(language: String, fallback: String) -> Survey? {
        languages[language] ?? languages[fallback] ?? languages.keys.sorted().first.flatMap { languages[$0] }
    }
}

/// One care task of a study: the survey it runs and when.
public struct StudyTask: Hashable, Sendable {
    /// The identifier, also the care task's `groupIdentifier` for every participant.
    public var id: String
    /// The identifier of the survey it runs.
    public var survey: String
    /// The card title per language tag.
    public var title: [String: String]
    /// The card's instructions per language tag.
    public var instructions: [String: String]
    /// Whether the task counts towards daily adherence (optional tasks do not).
    public var adherence: Bool
    /// When the task is due, as elements relative to anchors.
    public var schedule: [StudyScheduleElement]

    /// Creates a task from its members.
    public init(
        id: String, survey: String, title: [String: String], instructions: [String: String] = [:],
        adherence: Bool = true, schedule: [StudyScheduleElement]
    ) {
        self.id = id
        self.survey = survey
        self.title = title
        self.instructions = instructions
        self.adherence = adherence
        self.schedule = schedule
    }
}

/// An outcome value taken from one answer, or one score, of a survey that has no built-in mapping.
///
/// JSON: `{"survey": "s", "step": "st", "item": "i", "kind": "k", "unit": "h"}` for an answer,
/// `{"survey": "s", "score": "sc", "kind": "k"}` for a score of the survey (docs/study-file.md).
public struct StudyOutcomeRule: Hashable, Sendable {
    /// What the value is taken from.
    public enum Source: Hashable, Sendable {
        /// The answer to an item.
        case answer(step: String, item: String)
        /// A score the survey defines.
        case score(String)
    }

    /// The survey.
    public var survey: String
    /// The answer or score.
    public var source: Source
    /// The outcome kind stored.
    public var kind: String
    /// The unit stored, if any.
    public var unit: String?

    /// Creates a rule from its members.
    public init(survey: String, source: Source, kind: String, unit: String? = nil) {
        self.survey = survey
        self.source = source
        self.kind = kind
        self.unit = unit
    }

    /// A rule keeping the answer to `item` of `step`.
    public init(survey: String, step: String, item: String, kind: String, unit: String? = nil) {
        self.init(survey: survey, source: .answer(step: step, item: item), kind: kind, unit: unit)
    }
}

extension StudyOutcomeRule: Encodable {
    private enum CodingKeys: String, CodingKey {
        case survey, step, item, score, kind, unit
    }

    /// Encodes the study-file form: `survey`, then `step` and `item` for an answer or `score` for a score, then
    /// `kind` and `unit`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(survey, forKey: .survey)
        switch source {
        case .answer(let step, let item):
            try c.encode(step, forKey: .step)
            try c.encode(item, forKey: .item)
        case .score(let score):
            try c.encode(score, forKey: .score)
        }
        try c.encode(kind, forKey: .kind)
        try c.encodeIfPresent(unit, forKey: .unit)
    }
}

/// Picking a text by language.
public enum StudyText {
    /// `texts[language]`, else `texts[fallback]`, else any.
    public static func pick(_ texts: [String: String], _ language: String, fallback: String?) -> String? {
        texts[language] ?? fallback.flatMap { texts[$0] } ?? texts.keys.sorted().first.flatMap { texts[$0] }
    }
}

extension Survey {
    /// This survey with every consent step showing `document` (the published version, which may be newer than the
    /// study file's); unchanged when `document` is nil.
    public func signing(_ document: ConsentDocument?) -> Survey {
        guard let document else { return self }
        var survey = self
        for index in survey.steps.indices {
            if case .consentDocument = survey.steps[index].kind {
                survey.steps[index].kind = .consentDocument(document)
            }
        }
        return survey
    }
}

/// The task titles and instructions of every study version this process has read, by task id and language tag:
/// what pages show for a task whose texts are not in the page catalogue (a task a study file added).
public enum StudyTaskTexts {
    private static let texts = Mutex<[String: (title: [String: String], instructions: [String: String])]>([:])

    /// Remembers the texts of `study`'s tasks (a later version's texts replace an earlier one's).
    public static func register(_ study: StudyDefinition) {
        texts.withLock { all in
            for task in study.tasks { all[task.id] = (task.title, task.instructions) }
        }
    }

    /// The title of task `id` in `language`, or nil when no study read so far has it.
    public static func title(_ id: String, language: String) -> String? {
        texts.withLock { $0[id] }.flatMap { StudyText.pick($0.title, language, fallback: "en") }
    }

    /// The instructions of task `id` in `language`, or nil.
    public static func instructions(_ id: String, language: String) -> String? {
        texts.withLock { $0[id] }.flatMap { StudyText.pick($0.instructions, language, fallback: "en") }
    }
}
