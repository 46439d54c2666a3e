import Foundation

/// Walks a Questionnaire's JSON, building the survey and collecting every problem with its location.
struct QuestionnaireReader {
    /// A question any `enableWhen` may name: where its answer lives and what it is.
    struct Question {
        var step: String
        var item: String
        var type: String
        /// The choice values of its options (choice and open-choice).
        var options: [String]
        var unit: String?
    }

    private(set) var problems: [FHIRQuestionnaireProblem] = []
    /// Every question by linkId, read before the steps so a condition may name a later question.
    var questions: [String: Question] = [:]
    /// The linkIds of groups and display items, for a clearer message when a condition names one.
    var others: [String: String] = [:]
    var language: String?
    var skipRules: [String: ResultPredicate] = [:]

    mutating func problem(_ location: String, _ message: String) {
        problems.append(FHIRQuestionnaireProblem(location, message))
    }

    static let resourceKeys: Set<String> = [
        "resourceType", "id", "meta", "implicitRules", "language", "text", "contained", "extension",
        "modifierExtension", "url", "identifier", "version", "name", "title", "derivedFrom", "status", "experimental",
        "subjectType", "date", "publisher", "contact", "description", "useContext", "jurisdiction", "purpose",
        "copyright", "approvalDate", "lastReviewDate", "effectivePeriod", "code", "item",
    ]

    mutating func survey(_ resource: JSONValue) -> Survey? {
        guard let object = resource.objectValue else {
            problem("", "a Questionnaire is a JSON object")
            return nil
        }
        if object["resourceType"]?.stringValue != "Questionnaire" {
            problem("resourceType", "expected \"Questionnaire\"")
        }
        for key in object.keys.sorted() where !Self.resourceKeys.contains(key) && !key.hasPrefix("_") {
            problem(key, "unknown member of a Questionnaire")
        }
        if object["modifierExtension"] != nil { problem("modifierExtension", "modifier extensions cannot be mapped") }
        if let extensions = object["extension"]?.arrayValue {
            for (index, each) in extensions.enumerated() {
                let url = each["url"]?.stringValue ?? "(no url)"
                if !FHIRVocabulary.presentationOnly.contains(url) {
                    problem("extension[\(index)]", "unsupported extension '\(url)'")
                }
            }
        }
        language = object["language"]?.stringValue
        let id = object["id"]?.stringValue
        if id == nil { problem("id", "the Questionnaire needs an id (it becomes the survey's identifier)") }
        let canonical = self.canonical(object)
        guard let items = object["item"]?.arrayValue, !items.isEmpty else {
            problem("item", "the Questionnaire has no items")
            return nil
        }
        index(items, path: "item", step: nil)
        var steps: [Step] = []
        for (position, item) in items.enumerated() {
            if let step = step(item, path: "item[\(position)]") { steps.append(step) }
        }
        guard let id else { return nil }
        return Survey(id: id, steps: steps, skipRules: skipRules, canonical: canonical)
    }

    mutating func canonical(_ object: [String: JSONValue]) -> SurveyCanonical? {
        let url = object["url"]?.stringValue
        let version = object["version"]?.stringValue
        if object["url"] != nil, url == nil { problem("url", "expected a string") }
        if object["version"] != nil, version == nil { problem("version", "expected a string") }
        if url == nil, version != nil { problem("version", "a version needs the Questionnaire's url") }
        return url.map { SurveyCanonical(url: $0, version: version) }
    }

    /// Records every linkId with where its answer will live; reports duplicates and missing linkIds.
    mutating func index(_ items: [JSONValue], path: String, step: String?) {
        for (position, item) in items.enumerated() {
            let here = "\(path)[\(position)]"
            guard let linkID = item["linkId"]?.stringValue, !linkID.isEmpty else {
                problem(here, "the item has no linkId")
                continue
            }
            if questions[linkID] != nil || others[linkID] != nil {
                problem("\(here) '\(linkID)'", "linkId is used more than once")
            }
            let type = item["type"]?.stringValue ?? ""
            if type == "group" || type == "display" {
                others[linkID] = type
            } else {
                let options = (item["answerOption"]?.arrayValue ?? []).compactMap { Self.optionValue($0) }
                let unit = Self.unitCoding(item).flatMap(Self.unitText)
                questions[linkID] = Question(
                    step: step ?? linkID, item: linkID, type: type, options: options, unit: unit)
            }
            if let children = item["item"]?.arrayValue {
                index(children, path: "\(here).item", step: step ?? linkID)
            }
        }
    }

    /// The choice value of an `answerOption` (or an `answerCoding`): the code, the string, or the integer.
    static func optionValue(_ option: JSONValue) -> String? {
        if let code = option["valueCoding"]?["code"]?.stringValue { return code }
        if let text = option["valueString"]?.stringValue { return text }
        if let number = option["valueInteger"]?.integerValue { return String(number) }
        return nil
    }

    static func unitCoding(_ item: JSONValue) -> JSONValue? {
        for each in item["extension"]?.arrayValue ?? [] {
            let url = each["url"]?.stringValue
            if url == FHIRVocabulary.unit || url == FHIRVocabulary.unitOption { return each["valueCoding"] }
        }
        return nil
    }

    /// The unit shown after a number: a coding's display, else its code.
    static func unitText(_ coding: JSONValue) -> String? {
        coding["display"]?.stringValue ?? coding["code"]?.stringValue
    }

    /// `item[0].item[2] 'linkId'`.
    static func place(_ path: String, _ item: JSONValue) -> String {
        item["linkId"]?.stringValue.map { "\(path) '\($0)'" } ?? path
    }
}
