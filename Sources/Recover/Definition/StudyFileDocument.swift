import Care
import Foundation
import Research

/// The JSON shape a definition is written in (the inverse of `StudyFileReader`). Every survey is written in the
/// engine's JSON, whatever it was read from.
struct StudyFileDocument: Encodable {
    let study: StudyDefinition

    init(_ study: StudyDefinition) { self.study = study }

    private enum Keys: String, CodingKey {
        case format, version, id, studyVersion, title, languages, canonicalBase, surveys, tasks, outcomes, consents
        case monitoring, contact
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(StudyFile.formatName, forKey: .format)
        try c.encode(StudyFile.formatVersion, forKey: .version)
        try c.encode(study.id, forKey: .id)
        try c.encode(study.version, forKey: .studyVersion)
        try c.encode(study.title, forKey: .title)
        try c.encode(study.languages, forKey: .languages)
        try c.encode(study.canonicalBase, forKey: .canonicalBase)
        try c.encode(study.surveys.map(SurveyDocument.init), forKey: .surveys)
        try c.encode(study.tasks.map(TaskDocument.init), forKey: .tasks)
        if !study.outcomes.isEmpty { try c.encode(study.outcomes, forKey: .outcomes) }
        if !study.consents.isEmpty { try c.encode(study.consents, forKey: .consents) }
        if study.monitoring != .none { try c.encode(study.monitoring, forKey: .monitoring) }
        try c.encodeIfPresent(study.contact, forKey: .contact)
    }

    struct SurveyDocument: Encodable {
        let survey: StudySurvey
        private enum Keys: String, CodingKey { case id, revision, languages }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(survey.id, forKey: .id)
            try c.encode(survey.revision, forKey: .revision)
            try c.encode(survey.languages, forKey: .languages)
        }
    }

    struct TaskDocument: Encodable {
        let task: StudyTask
        private enum Keys: String, CodingKey { case id, survey, title, instructions, adherence, schedule }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(task.id, forKey: .id)
            try c.encode(task.survey, forKey: .survey)
            try c.encode(task.title, forKey: .title)
            if !task.instructions.isEmpty { try c.encode(task.instructions, forKey: .instructions) }
            if !task.adherence { try c.encode(false, forKey: .adherence) }
            try c.encode(task.schedule.map(ElementDocument.init), forKey: .schedule)
        }
    }

    struct ElementDocument: Encodable {
        let element: StudyScheduleElement
        private enum Keys: String, CodingKey { case anchor, from, until, every, once, time, windowDays }
        private enum AnswerKeys: String, CodingKey { case answer, `default` }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            switch element.anchor {
            case .joined: try c.encode("joined", forKey: .anchor)
            case .onboarded: try c.encode("onboarded", forKey: .anchor)
            case .added: try c.encode("added", forKey: .anchor)
            case .answer(let kind):
                var answer = c.nestedContainer(keyedBy: AnswerKeys.self, forKey: .anchor)
                try answer.encode(kind, forKey: .answer)
            }
            if let from = element.from { try c.encode(from, forKey: .from) }
            if let until = element.until { try c.encode(until, forKey: .until) }
            if let every = element.every {
                try c.encode(every, forKey: .every)
            } else {
                try c.encode(true, forKey: .once)
                if element.windowDays != 1 { try c.encode(element.windowDays, forKey: .windowDays) }
            }
            switch element.time {
            case .allDay: try c.encode("allDay", forKey: .time)
            case .at(let clock): try c.encode(clock.hhmm, forKey: .time)
            case .answer(let kind, let fallback):
                var answer = c.nestedContainer(keyedBy: AnswerKeys.self, forKey: .time)
                try answer.encode(kind, forKey: .answer)
                try answer.encode(fallback.hhmm, forKey: .default)
            }
        }
    }
}

extension LocalTime {
    /// `HH:mm`.
    var hhmm: String {
        let text = description
        return String(text.prefix(5))
    }
}
