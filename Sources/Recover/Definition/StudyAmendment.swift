import Care
import Foundation
import Research

/// What a new version of a study changes against the one in force: tasks added, schedules changed, tasks ended,
/// surveys revised. Shown before applying (`recover study apply`) and kept with the version (console).
///
/// ```swift
/// let amendment = try StudyAmendment(from: current, to: next)
/// print(amendment.lines.joined(separator: "\n"))
/// ```
public struct StudyAmendment: Hashable, Sendable {
    /// One change.
    public enum Change: Hashable, Sendable {
        /// A task that is new in this version.
        case taskAdded(String)
        /// A task whose schedule, title or adherence changed.
        case taskChanged(String)
        /// A task that this version no longer has: it ends at the effective date.
        case taskEnded(String)
        /// A survey whose revision was raised.
        case surveyRevised(String, from: Int, to: Int)
        /// A survey that is new in this version.
        case surveyAdded(String)
        /// Outcome rules changed.
        case outcomesChanged
        /// A consent document, or a new version of one, that the version in force does not have.
        case consentAdded(String, version: String)
        /// The daily task, the missed days or the alert rules changed.
        case monitoringChanged
        /// The contact card changed.
        case contactChanged
        /// The title or languages changed.
        case detailsChanged
    }

    /// The version in force.
    public let from: StudyDefinition
    /// The new version.
    public let to: StudyDefinition
    /// The changes, tasks first, in file order.
    public let changes: [Change]

    /// The changes from `from` to `to`; throws when `to` cannot follow `from`: a version number not above the one
    /// in force, another study, or a survey whose content changed without a raised revision.
    public init(from: StudyDefinition, to: StudyDefinition) throws(StudyFileError) {
        var problems: [StudyProblem] = []
        if to.id != from.id { problems.append(StudyProblem("id", "is \"\(to.id)\"; the study is \"\(from.id)\"")) }
        if to.version <= from.version {
            problems.append(
                StudyProblem(
                    "studyVersion", "must be above \(from.version), the version in force (found \(to.version))"))
        }
        var changes: [Change] = []
        for task in to.tasks {
            guard let old = from.task(task.id) else {
                changes.append(.taskAdded(task.id))
                continue
            }
            if old != task { changes.append(.taskChanged(task.id)) }
        }
        for task in from.tasks where to.task(task.id) == nil { changes.append(.taskEnded(task.id)) }
        for (index, survey) in to.surveys.enumerated() {
            guard let old = from.studySurvey(survey.id) else {
                changes.append(.surveyAdded(survey.id))
                continue
            }
            if survey.revision > old.revision {
                changes.append(.surveyRevised(survey.id, from: old.revision, to: survey.revision))
            } else if survey.revision < old.revision {
                problems.append(
                    StudyProblem("surveys[\(index)].revision", "is below \(old.revision), the revision in force"))
            } else if survey.languages != old.languages {
                problems.append(
                    StudyProblem(
                        "surveys[\(index)].revision",
                        "the survey \"\(survey.id)\" changed: raise its revision above \(old.revision)"))
            }
        }
        if to.outcomes != from.outcomes { changes.append(.outcomesChanged) }
        for (index, consent) in to.consents.enumerated() {
            guard let old = from.consent(consent.id), old.version == consent.version else {
                changes.append(.consentAdded(consent.id, version: consent.version))
                continue
            }
            if old != consent {
                problems.append(
                    StudyProblem(
                        "consents[\(index)].version",
                        "the document \"\(consent.id)\" changed: give it a new version (\(old.version) is in force)"))
            }
        }
        if to.monitoring != from.monitoring { changes.append(.monitoringChanged) }
        if to.contact != from.contact { changes.append(.contactChanged) }
        if to.title != from.title || to.languages != from.languages || to.canonicalBase != from.canonicalBase {
            changes.append(.detailsChanged)
        }
        if !problems.isEmpty { throw StudyFileError(problems) }
        self.from = from
        self.to = to
        self.changes = changes
    }

    /// Whether the new version changes nothing.
    public var isEmpty: Bool { changes.isEmpty }

    /// One plain line per change.
    public var lines: [String] {
        changes.map { change in
            switch change {
            case .taskAdded(let id): "task added: \(id) (\(to.title(ofTask: id, language: "en") ?? id))"
            case .taskChanged(let id): "task changed: \(id) (schedule, title or adherence)"
            case .taskEnded(let id): "task ended: \(id)"
            case .surveyRevised(let id, let old, let new): "survey revised: \(id) (revision \(old) → \(new))"
            case .surveyAdded(let id): "survey added: \(id)"
            case .outcomesChanged: "outcome rules changed"
            case .consentAdded(let id, let version): "consent document: \(id) version \(version)"
            case .monitoringChanged: "monitoring changed (daily task, missed days or alert rules)"
            case .contactChanged: "contact card changed"
            case .detailsChanged: "study title, languages or canonical base changed"
            }
        }
    }
}
