import Care
import Foundation
import Research

/// The checks across a study file's parts, once each part has been read: unique ids, tasks that run known surveys,
/// anchors and mappings that name real items, surveys whose translations have the same steps and items, and
/// range-of-motion steps on the knee (the one joint whose measurement the participant pages explain).
enum StudyLint {
    static func problems(in study: StudyDefinition) -> [StudyProblem] {
        var problems: [StudyProblem] = []
        func add(_ location: String, _ message: String) { problems.append(StudyProblem(location, message)) }
        for (index, language) in study.languages.enumerated() where study.languages.firstIndex(of: language) != index {
            add("languages[\(index)]", "\"\(language)\" is listed twice")
        }
        let defaultLanguage = study.languages.first ?? "en"
        if study.title[defaultLanguage] == nil { add("title", "has no text in \"\(defaultLanguage)\"") }
        var surveyIDs: Set<String> = []
        for (index, survey) in study.surveys.enumerated() {
            let location = "surveys[\(index)]"
            if !surveyIDs.insert(survey.id).inserted { add("\(location).id", "\"\(survey.id)\" is used twice") }
            if survey.languages[defaultLanguage] == nil {
                add(location, "has no text in the study's default language \"\(defaultLanguage)\"")
            }
            for language in survey.languages.keys.sorted() where !study.languages.contains(language) {
                add(
                    "\(location).\(survey.source == .fhir ? "fhir" : "languages").\(language)",
                    "not one of the study's languages")
            }
            for (language, translation) in survey.languages.sorted(by: { $0.key < $1.key }) {
                for step in translation.steps {
                    guard case .rangeOfMotion(let measurement) = step.kind, measurement.joint != .knee else { continue }
                    add(
                        "\(location).languages.\(language)",
                        "step \"\(step.id)\" measures the \(measurement.joint.rawValue): the participant pages "
                            + "show how to measure a knee only")
                }
            }
            if let reference = survey.languages[defaultLanguage] {
                for (language, translation) in survey.languages.sorted(by: { $0.key < $1.key })
                where language != defaultLanguage {
                    if shape(translation) != shape(reference) {
                        add("\(location).languages.\(language)", "has other steps or items than \"\(defaultLanguage)\"")
                    }
                    if translation.scores != reference.scores {
                        add(
                            "\(location).languages.\(language).scores",
                            "differ from the scores of \"\(defaultLanguage)\"")
                    }
                }
            }
        }
        var taskIDs: Set<String> = []
        for (index, task) in study.tasks.enumerated() {
            let location = "tasks[\(index)]"
            if !taskIDs.insert(task.id).inserted { add("\(location).id", "\"\(task.id)\" is used twice") }
            if !StudyTaskID.isWellFormed(task.id) {
                add("\(location).id", "use 1 to 64 letters, digits, \"-\" or \"_\"")
            }
            if !surveyIDs.contains(task.survey) { add("\(location).survey", "no survey \"\(task.survey)\"") }
            if task.title[defaultLanguage] == nil { add("\(location).title", "has no text in \"\(defaultLanguage)\"") }
            for (elementIndex, element) in task.schedule.enumerated() {
                let elementLocation = "\(location).schedule[\(elementIndex)]"
                if case .answer(let kind) = element.anchor, !onboardingItem(kind, of: study, isDate: true) {
                    add("\(elementLocation).anchor", "no date item \"\(kind)\" in the onboarding survey")
                }
                if case .answer(let kind, _) = element.time, !onboardingItem(kind, of: study, isDate: false) {
                    add("\(elementLocation).time", "no time item \"\(kind)\" in the onboarding survey")
                }
                if task.id == StudyTaskID.onboarding, element.anchor != .joined {
                    add("\(elementLocation).anchor", "onboarding counts from the day the participant joined")
                }
            }
        }
        if !taskIDs.contains(StudyTaskID.onboarding) {
            add("tasks", "a study needs the task \"\(StudyTaskID.onboarding)\" (consent and onboarding)")
        }
        for (index, rule) in study.outcomes.enumerated() {
            let location = "outcomes[\(index)]"
            guard let survey = study.studySurvey(rule.survey)?.languages[defaultLanguage] else {
                add("\(location).survey", "no survey \"\(rule.survey)\"")
                continue
            }
            switch rule.source {
            case .answer(let stepID, let itemID):
                guard let step = survey.step(stepID) else {
                    add("\(location).step", "no step \"\(stepID)\" in survey \"\(rule.survey)\"")
                    continue
                }
                if !step.items.contains(where: { $0.id == itemID }) {
                    add("\(location).item", "no item \"\(itemID)\" in step \"\(stepID)\"")
                }
            case .score(let scoreID):
                if !survey.scores.contains(where: { $0.id == scoreID }) {
                    add("\(location).score", "no score \"\(scoreID)\" in survey \"\(rule.survey)\"")
                }
            }
        }
        problems += consentProblems(in: study)
        problems += monitoringProblems(in: study)
        for language in (study.contact?.role.keys.sorted() ?? []) where !study.languages.contains(language) {
            add("contact.role.\(language)", "not one of the study's languages")
        }
        for language in (study.contact?.notes.keys.sorted() ?? []) where !study.languages.contains(language) {
            add("contact.notes.\(language)", "not one of the study's languages")
        }
        return problems
    }

    /// Unique document ids, a text in every study language, and the required participation document that
    /// onboarding's consent step signs.
    static func consentProblems(in study: StudyDefinition) -> [StudyProblem] {
        var problems: [StudyProblem] = []
        var ids: Set<String> = []
        for (index, consent) in study.consents.enumerated() {
            let location = "consents[\(index)]"
            if !ids.insert(consent.id).inserted {
                problems.append(StudyProblem("\(location).id", "\"\(consent.id)\" is used twice"))
            }
            for language in study.languages where consent.languages[language] == nil {
                problems.append(StudyProblem("\(location).languages", "has no text in \"\(language)\""))
            }
            for language in consent.languages.keys.sorted() where !study.languages.contains(language) {
                problems.append(StudyProblem("\(location).languages.\(language)", "not one of the study's languages"))
            }
        }
        if !study.consents.isEmpty, study.consent(StudyConsent.participation)?.isRequired != true {
            problems.append(
                StudyProblem(
                    "consents",
                    "onboarding signs the document \"\(StudyConsent.participation)\": give it, with \"required\": true"
                ))
        }
        return problems
    }

    /// A daily task and alert tasks that exist, alert ids used once, and alert kinds a task's survey records.
    static func monitoringProblems(in study: StudyDefinition) -> [StudyProblem] {
        var problems: [StudyProblem] = []
        if let daily = study.monitoring.dailyTask, study.task(daily) == nil {
            problems.append(StudyProblem("monitoring.dailyTask", "no task \"\(daily)\""))
        }
        var ids: Set<String> = []
        for (index, rule) in study.monitoring.alerts.enumerated() {
            let location = "monitoring.alerts[\(index)]"
            if !ids.insert(rule.id).inserted {
                problems.append(StudyProblem("\(location).id", "\"\(rule.id)\" is used twice"))
            }
            guard let task = study.task(rule.task) else {
                problems.append(StudyProblem("\(location).task", "no task \"\(rule.task)\""))
                continue
            }
            if !recordedKinds(of: task.survey, in: study).contains(rule.kind) {
                problems.append(
                    StudyProblem("\(location).kind", "the survey \"\(task.survey)\" records no \"\(rule.kind)\""))
            }
        }
        return problems
    }

    /// The outcome kinds a survey's answers can be kept as: its item ids, its score ids, and its outcome rules' kinds.
    static func recordedKinds(of surveyID: String, in study: StudyDefinition) -> Set<String> {
        guard let survey = study.studySurvey(surveyID)?.languages[study.languages.first ?? "en"] else { return [] }
        var kinds = Set(survey.steps.flatMap { $0.items.map(\.id) } + survey.scores.map(\.id))
        for rule in study.outcomes where rule.survey == surveyID { kinds.insert(rule.kind) }
        return kinds
    }

    /// The survey's steps and their items, without texts: what translations must share.
    static func shape(_ survey: Survey) -> [[String]] {
        survey.steps.map { step in [step.id] + step.items.map(\.id) }
    }

    /// Whether the onboarding survey has the item `id` of the right kind (a date, or a time of day).
    static func onboardingItem(_ id: String, of study: StudyDefinition, isDate: Bool) -> Bool {
        guard let task = study.task(StudyTaskID.onboarding), let survey = study.studySurvey(task.survey),
            let onboarding = survey.languages[study.languages.first ?? "en"]
        else { return false }
        for step in onboarding.steps {
            for item in step.items where item.id == id {
                switch item.answerFormat {
                case .date: return isDate
                case .timeOfDay: return !isDate
                default: return false
                }
            }
        }
        return false
    }
}
