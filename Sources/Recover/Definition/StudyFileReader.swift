import Care
import Foundation
import Research

/// Walks a study file's JSON, building the definition and collecting every problem with its location.
struct StudyFileReader {
    let importQuestionnaire: StudyFile.QuestionnaireImporter?
    private(set) var problems: [StudyProblem] = []

    init(importQuestionnaire: StudyFile.QuestionnaireImporter?) {
        self.importQuestionnaire = importQuestionnaire
    }

    mutating func problem(_ location: String, _ message: String) {
        problems.append(StudyProblem(location, message))
    }

    mutating func study(_ root: JSONValue) -> StudyDefinition? {
        guard let object = root.objectValue else {
            problem("", "a study file is a JSON object")
            return nil
        }
        if object["format"]?.stringValue != StudyFile.formatName {
            problem("format", "expected \"\(StudyFile.formatName)\"")
        }
        if integer(object["version"], "version", in: 1...1) == nil {
            problem("version", "this build reads format version \(StudyFile.formatVersion)")
        }
        let id = string(object["id"], "id")
        let version = integer(object["studyVersion"], "studyVersion", in: 1...StudyFile.maximumVersion)
        let title = texts(object["title"], "title")
        let languages = stringList(object["languages"], "languages")
        if languages?.isEmpty == true { problem("languages", "name at least one language") }
        let base = object["canonicalBase"].map { string($0, "canonicalBase") } ?? StudyDefinition.defaultCanonicalBase
        let surveys = list(object["surveys"], "surveys") { reader, value, location in
            reader.survey(value, location)
        }
        let tasks = list(object["tasks"], "tasks") { reader, value, location in reader.task(value, location) }
        let outcomes =
            object["outcomes"].map {
                list($0, "outcomes") { reader, value, location in reader.outcome(value, location) }
            } ?? []
        let consents =
            object["consents"].map {
                list($0, "consents") { reader, value, location in reader.consent(value, location) }
            } ?? []
        let monitoring = object["monitoring"].map { self.monitoring($0, "monitoring") } ?? StudyMonitoring.none
        let contact = object["contact"].map { self.contact($0, "contact") } ?? .some(nil)
        unknownMembers(object, known: Self.studyKeys, "")
        guard let id, let version, let title, let languages, let base, let surveys, let tasks, let outcomes,
            let consents, let monitoring, let contact
        else {
            return nil
        }
        return StudyDefinition(
            id: id, version: version, title: title, languages: languages, canonicalBase: base, surveys: surveys,
            tasks: tasks, outcomes: outcomes, consents: consents, monitoring: monitoring, contact: contact)
    }

    static let studyKeys: Set<String> = [
        "format", "version", "id", "studyVersion", "title", "languages", "canonicalBase", "surveys", "tasks",
        "outcomes", "consents", "monitoring", "contact",
    ]

    mutating func consent(_ value: JSONValue, _ location: String) -> StudyConsent? {
        guard let object = value.objectValue else {
            problem(location, "a consent document is an object")
            return nil
        }
        unknownMembers(object, known: ["id", "version", "required", "languages"], location)
        let id = string(object["id"], "\(location).id")
        if let id, !StudyConsent.isWellFormed(id: id) {
            problem("\(location).id", "use 1 to 64 lowercase letters, digits or \"-\"")
        }
        let version = string(object["version"], "\(location).version")
        if let version, !StudyConsent.isWellFormed(version: version) {
            problem("\(location).version", "use 1 to 32 lowercase letters, digits, \".\" or \"-\"")
        }
        let required = object["required"].map { boolean($0, "\(location).required") } ?? nil
        if object["required"] == nil { problem("\(location).required", "missing (true or false)") }
        var texts: [String: StudyConsent.Text] = [:]
        var complete = true
        for (language, entry) in objectMembers(object["languages"] ?? .null, "\(location).languages") {
            let at = "\(location).languages.\(language)"
            guard let fields = entry.objectValue else {
                problem(at, "expected {\"title\", \"html\", \"signatureMeaning\"}")
                complete = false
                continue
            }
            unknownMembers(fields, known: ["title", "html", "signatureMeaning"], at)
            let title = string(fields["title"], "\(at).title")
            let html = string(fields["html"], "\(at).html")
            let meaning = string(fields["signatureMeaning"], "\(at).signatureMeaning")
            guard let title, let html, let meaning else {
                complete = false
                continue
            }
            texts[language] = StudyConsent.Text(title: title, html: html, signatureMeaning: meaning)
        }
        guard let id, let version, let required, complete, !texts.isEmpty else { return nil }
        return StudyConsent(id: id, version: version, isRequired: required, languages: texts)
    }

    mutating func monitoring(_ value: JSONValue, _ location: String) -> StudyMonitoring? {
        guard let object = value.objectValue else {
            problem(location, "expected {\"dailyTask\", \"missedDays\", \"alerts\"}")
            return nil
        }
        unknownMembers(object, known: ["dailyTask", "missedDays", "alerts"], location)
        let task = object["dailyTask"].map { string($0, "\(location).dailyTask") } ?? .some(nil)
        let missed =
            object["missedDays"].map {
                integer($0, "\(location).missedDays", in: 1...StudyMonitoring.maximumMissedDays)
            } ?? StudyMonitoring.defaultMissedDays
        let alerts =
            object["alerts"].map {
                list($0, "\(location).alerts") { reader, value, location in reader.alert(value, location) }
            } ?? []
        guard let task, let missed, let alerts else { return nil }
        return StudyMonitoring(dailyTask: task, missedDays: missed, alerts: alerts)
    }

    mutating func alert(_ value: JSONValue, _ location: String) -> StudyAlertRule? {
        guard let object = value.objectValue else {
            problem(location, "an alert rule is an object")
            return nil
        }
        unknownMembers(object, known: ["id", "task", "kind", "atLeast", "atMost", "message"], location)
        let id = string(object["id"], "\(location).id")
        let task = string(object["task"], "\(location).task")
        let kind = string(object["kind"], "\(location).kind")
        var threshold: (StudyAlertRule.Direction, Double)?
        switch (object["atLeast"], object["atMost"]) {
        case (.some(let number), .none), (.none, .some(let number)):
            let direction: StudyAlertRule.Direction = object["atLeast"] == nil ? .atMost : .atLeast
            if let limit = number.numberValue, limit.isFinite, abs(limit) < 1e15 {
                threshold = (direction, limit)
            } else {
                problem("\(location).\(direction.rawValue)", "expected a number")
            }
        default:
            problem(location, "give either \"atLeast\" or \"atMost\" (a number)")
        }
        let message = texts(object["message"], "\(location).message")
        guard let id, let task, let kind, let threshold, let message else { return nil }
        return StudyAlertRule(
            id: id, task: task, kind: kind, direction: threshold.0, threshold: threshold.1, message: message)
    }

    mutating func contact(_ value: JSONValue, _ location: String) -> StudyContactCard?? {
        guard let object = value.objectValue else {
            problem(location, "expected {\"name\", \"role\", \"phone\", \"email\", \"notes\"}")
            return nil
        }
        unknownMembers(object, known: ["name", "role", "phone", "email", "notes"], location)
        let name = string(object["name"], "\(location).name")
        let role = object["role"].map { texts($0, "\(location).role") } ?? [:]
        let phone = object["phone"].map { string($0, "\(location).phone") } ?? ""
        let email = object["email"].map { string($0, "\(location).email") } ?? ""
        let notes = object["notes"].map { texts($0, "\(location).notes") } ?? [:]
        if object["phone"] == nil, object["email"] == nil {
            problem(location, "give a phone number, an e-mail address or both")
        }
        guard let name, let role, let phone, let email, let notes else { return nil }
        return .some(StudyContactCard(name: name, role: role, phone: phone, email: email, notes: notes))
    }

    mutating func survey(_ value: JSONValue, _ location: String) -> StudySurvey? {
        guard let object = value.objectValue else {
            problem(location, "a survey is an object")
            return nil
        }
        let id = string(object["id"], "\(location).id")
        let revision = integer(object["revision"], "\(location).revision", in: 1...StudyFile.maximumVersion)
        var surveys: [String: Survey] = [:]
        var source = StudySurvey.Source.engine
        switch (object["languages"], object["fhir"]) {
        case (.some(let engine), .none):
            for (language, document) in objectMembers(engine, "\(location).languages") {
                if let survey = engineSurvey(document, "\(location).languages.\(language)") {
                    surveys[language] = survey
                }
            }
        case (.none, .some(let fhir)):
            source = .fhir
            for (language, document) in objectMembers(fhir, "\(location).fhir") {
                if let survey = fhirSurvey(document, "\(location).fhir.\(language)") { surveys[language] = survey }
            }
        default:
            problem(location, "give the survey either as \"languages\" (the engine's JSON) or as \"fhir\"")
        }
        guard let id, let revision, !surveys.isEmpty else { return nil }
        for (language, survey) in surveys where survey.id != id {
            problem("\(location).\(source == .fhir ? "fhir" : "languages").\(language).id", "must be \"\(id)\"")
        }
        return StudySurvey(id: id, revision: revision, languages: surveys, source: source)
    }

    mutating func engineSurvey(_ value: JSONValue, _ location: String) -> Survey? {
        guard let data = try? SurveyJSON.encoder().encode(value) else { return nil }
        do {
            return try SurveyJSON.decodeSurvey(data)
        } catch {
            for line in error.lines { problem(location, line) }
            return nil
        }
    }

    mutating func fhirSurvey(_ value: JSONValue, _ location: String) -> Survey? {
        guard let importQuestionnaire else {
            problem(location, "this build cannot read FHIR Questionnaires")
            return nil
        }
        guard let data = try? SurveyJSON.encoder().encode(value) else { return nil }
        do {
            let survey = try importQuestionnaire(data)
            let found = survey.validate()
            for each in found { problem(location, each.description) }
            return found.isEmpty ? survey : nil
        } catch {
            for line in String(describing: error).split(separator: "\n") { problem(location, String(line)) }
            return nil
        }
    }

    mutating func task(_ value: JSONValue, _ location: String) -> StudyTask? {
        guard let object = value.objectValue else {
            problem(location, "a task is an object")
            return nil
        }
        let id = string(object["id"], "\(location).id")
        let survey = string(object["survey"], "\(location).survey")
        let title = texts(object["title"], "\(location).title")
        let instructions = object["instructions"].map { texts($0, "\(location).instructions") } ?? [:]
        let adherence = object["adherence"].map { boolean($0, "\(location).adherence") } ?? true
        let schedule = list(object["schedule"], "\(location).schedule") { reader, value, location in
            reader.element(value, location)
        }
        if schedule?.isEmpty == true { problem("\(location).schedule", "give at least one element") }
        guard let id, let survey, let title, let instructions, let adherence, let schedule else { return nil }
        return StudyTask(
            id: id, survey: survey, title: title, instructions: instructions, adherence: adherence, schedule: schedule)
    }

    mutating func element(_ value: JSONValue, _ location: String) -> StudyScheduleElement? {
        guard let object = value.objectValue else {
            problem(location, "a schedule element is an object")
            return nil
        }
        let anchor = self.anchor(object["anchor"], "\(location).anchor")
        let from = object["from"].map { offset($0, "\(location).from") } ?? .some(nil)
        let until = object["until"].map { offset($0, "\(location).until") } ?? .some(nil)
        let once = (object["once"].map { boolean($0, "\(location).once") } ?? false) ?? false
        var every: ScheduleInterval??
        switch (object["every"], once) {
        case (.some(let interval), false): every = offset(interval, "\(location).every").map { $0 }
        case (.none, true): every = .some(nil)
        case (.some, true): problem(location, "a single occurrence (\"once\") has no \"every\"")
        case (.none, false): problem(location, "give \"every\" (such as {\"days\": 1}) or \"once\": true")
        }
        if case .some(.some(let interval)) = every, interval.count < 1 {
            problem("\(location).every", "must be at least 1")
        }
        let time = object["time"].map { self.time($0, "\(location).time") } ?? .allDay
        let window =
            object["windowDays"].map {
                integer($0, "\(location).windowDays", in: 1...StudyScheduleElement.maximumWindowDays)
            } ?? 1
        if once == false, let window, window != 1 {
            problem("\(location).windowDays", "only a single occurrence (\"once\") has a window")
        }
        if once, case .some(.some) = until { problem("\(location).until", "a single occurrence has no end") }
        unknownMembers(object, known: Self.elementKeys, location)
        guard let anchor, let from, let until, let every, let time, let window else { return nil }
        if let until {
            let reference = LocalDate(dayNumber: 0)
            if StudyScheduleElement.offset(reference, by: until) <= StudyScheduleElement.offset(reference, by: from) {
                problem("\(location).until", "the schedule ends before it starts")
            }
        }
        return StudyScheduleElement(
            anchor: anchor, from: from, until: until, every: every, time: time, windowDays: window)
    }

    static let elementKeys: Set<String> = ["anchor", "from", "until", "every", "once", "time", "windowDays"]

    mutating func anchor(_ value: JSONValue?, _ location: String) -> StudyAnchor? {
        switch value {
        case .string("joined"): return .joined
        case .string("onboarded"): return .onboarded
        case .string("added"): return .added
        case .object(let object) where object.count == 1:
            if let kind = object["answer"]?.stringValue, !kind.isEmpty { return .answer(kind) }
        default: break
        }
        problem(location, "expected \"joined\", \"onboarded\", \"added\" or {\"answer\": \"<item id>\"}")
        return nil
    }

    mutating func offset(_ value: JSONValue, _ location: String) -> ScheduleInterval?? {
        guard let object = value.objectValue, object.count == 1, let (unit, amount) = object.first,
            let number = amount.numberValue
        else {
            problem(location, "expected one of {\"days\": n}, {\"weeks\": n}, {\"months\": n}")
            return nil
        }
        let limit =
            switch unit {
            case "weeks": StudyScheduleElement.maximumOffsetDays / 7
            case "months": StudyScheduleElement.maximumOffsetDays / 30
            default: StudyScheduleElement.maximumOffsetDays
            }
        guard let count = Self.whole(number), (0...limit).contains(count) else {
            problem(location, "expected a whole number from 0 to \(limit)")
            return nil
        }
        switch unit {
        case "days": return .some(.days(count))
        case "weeks": return .some(.weeks(count))
        case "months": return .some(.months(count))
        default:
            problem(location, "expected days, weeks or months, found \"\(unit)\"")
            return nil
        }
    }

    mutating func time(_ value: JSONValue, _ location: String) -> StudyTime? {
        switch value {
        case .string("allDay"): return .allDay
        case .string(let text):
            if let clock = LocalTime(text) { return .at(clock) }
        case .object(let object):
            if let kind = object["answer"]?.stringValue,
                let fallback = object["default"]?.stringValue.flatMap(LocalTime.init),
                object.count == 2
            {
                return .answer(kind, fallback: fallback)
            }
        default: break
        }
        problem(
            location, "expected \"allDay\", a time \"HH:mm\" or {\"answer\": \"<item id>\", \"default\": \"HH:mm\"}")
        return nil
    }

    mutating func outcome(_ value: JSONValue, _ location: String) -> StudyOutcomeRule? {
        guard let object = value.objectValue else {
            problem(location, "an outcome rule is an object")
            return nil
        }
        unknownMembers(object, known: ["survey", "step", "item", "score", "kind", "unit"], location)
        let survey = string(object["survey"], "\(location).survey")
        var source: StudyOutcomeRule.Source?
        switch (object["score"], object["step"] ?? object["item"]) {
        case (.some(let score), .none):
            source = string(score, "\(location).score").map(StudyOutcomeRule.Source.score)
        case (.none, .some):
            let step = string(object["step"], "\(location).step")
            let item = string(object["item"], "\(location).item")
            if let step, let item { source = .answer(step: step, item: item) }
        default:
            problem(location, "give either \"step\" and \"item\" (an answer) or \"score\"")
        }
        let kind = string(object["kind"], "\(location).kind")
        let unit = object["unit"].map { string($0, "\(location).unit") } ?? .some(nil)
        guard let survey, let source, let kind, let unit else { return nil }
        return StudyOutcomeRule(survey: survey, source: source, kind: kind, unit: unit)
    }

    // MARK: Values

    /// A problem for every member of `object` not in `known`, at `location` (empty for the top level).
    mutating func unknownMembers(_ object: [String: JSONValue], known: Set<String>, _ location: String) {
        for key in object.keys.sorted() where !known.contains(key) {
            problem(location.isEmpty ? key : "\(location).\(key)", "unknown member")
        }
    }

    mutating func string(_ value: JSONValue?, _ location: String) -> String? {
        guard let text = value?.stringValue, !text.isEmpty else {
            problem(location, value == nil ? "missing" : "expected a non-empty string")
            return nil
        }
        return text
    }

    mutating func boolean(_ value: JSONValue, _ location: String) -> Bool? {
        if case .bool(let flag) = value { return flag }
        problem(location, "expected true or false")
        return nil
    }

    mutating func integer(_ value: JSONValue?, _ location: String, in range: ClosedRange<Int>) -> Int? {
        guard let number = value?.numberValue, let whole = Self.whole(number), range.contains(whole) else {
            problem(
                location,
                value == nil ? "missing" : "expected a whole number from \(range.lowerBound) to \(range.upperBound)")
            return nil
        }
        return whole
    }

    /// `number` as an Int when it is whole and well inside Int's range.
    static func whole(_ number: Double) -> Int? {
        guard number.isFinite, number.rounded() == number, abs(number) < 1e15 else { return nil }
        return Int(number)
    }

    mutating func texts(_ value: JSONValue?, _ location: String) -> [String: String]? {
        guard let object = value?.objectValue, !object.isEmpty else {
            problem(location, value == nil ? "missing" : "expected texts by language, such as {\"en\": \"...\"}")
            return nil
        }
        var texts: [String: String] = [:]
        for (language, text) in object.sorted(by: { $0.key < $1.key }) {
            if let text = string(text, "\(location).\(language)") { texts[language] = text }
        }
        return texts.count == object.count ? texts : nil
    }

    mutating func stringList(_ value: JSONValue?, _ location: String) -> [String]? {
        list(value, location) { reader, value, location in reader.string(value, location) }
    }

    mutating func objectMembers(_ value: JSONValue, _ location: String) -> [(String, JSONValue)] {
        guard let object = value.objectValue, !object.isEmpty else {
            problem(location, "expected an object by language, such as {\"en\": ...}")
            return []
        }
        return object.sorted { $0.key < $1.key }
    }

    /// The elements of a list, each read by `read`; nil when the value is not a list or any element failed.
    mutating func list<Element>(
        _ value: JSONValue?, _ location: String, _ read: (inout Self, JSONValue, String) -> Element?
    ) -> [Element]? {
        guard let array = value?.arrayValue else {
            problem(location, value == nil ? "missing" : "expected a list")
            return nil
        }
        var elements: [Element] = []
        for (index, element) in array.enumerated() {
            if let read = read(&self, element, "\(location)[\(index)]") { elements.append(read) }
        }
        return elements.count == array.count ? elements : nil
    }
}
