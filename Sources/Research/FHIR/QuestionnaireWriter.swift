import Foundation

/// Writes a survey as a Questionnaire, collecting every part FHIR cannot express (each still written as near
/// as it can be, for the best-effort export).
struct QuestionnaireWriter {
    typealias Object = [String: JSONValue]

    let survey: Survey
    private(set) var problems: [FHIRQuestionnaireProblem] = []
    /// Every linkId written, so none is written twice.
    private var linkIDs: Set<String> = []

    init(survey: Survey) { self.survey = survey }

    mutating func problem(_ location: String, _ message: String) {
        problems.append(FHIRQuestionnaireProblem(location, message))
    }

    static func place(_ step: Step, _ item: FormItem? = nil) -> String {
        item.map { "step '\(step.id)', item '\($0.id)'" } ?? "step '\(step.id)'"
    }

    /// Claims `linkID`, reporting it when another item already has it.
    mutating func claim(_ linkID: String, at place: String) -> String {
        if !linkIDs.insert(linkID).inserted {
            problem(place, "the linkId '\(linkID)' is used twice (FHIR linkIds are unique in the whole Questionnaire)")
        }
        return linkID
    }

    mutating func questionnaire(language: String?, canonical: SurveyCanonical?) -> JSONValue {
        var resource: Object = [
            "resourceType": .string("Questionnaire"), "id": .string(survey.id), "status": .string("active"),
        ]
        if !Self.isResourceID(survey.id) {
            problem("", "the survey identifier '\(survey.id)' is not a FHIR id (1 to 64 letters, digits, '-' or '.')")
        }
        if let language { resource["language"] = .string(language) }
        if let canonical {
            resource["url"] = .string(canonical.url)
            if let version = canonical.version { resource["version"] = .string(version) }
        }
        if !survey.navigationRules.isEmpty {
            problem("", "navigation rules cannot be expressed (a Questionnaire has no jumps between pages)")
        }
        if !survey.scores.isEmpty {
            problem("", "calculated scores cannot be expressed (they are computed by the engine, not the form)")
        }
        var items: [JSONValue] = []
        for step in survey.steps {
            if var item = self.item(for: step) {
                if let rule = survey.skipRules[step.id] { addSkipRule(rule, to: &item, of: step) }
                items.append(.object(item))
            }
        }
        resource["item"] = .array(items)
        return .object(resource)
    }

    static func isResourceID(_ text: String) -> Bool {
        (1...64).contains(text.count)
            && text.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == ".")
            }
    }

    /// A skip rule `not(E)` is the step's `enableWhen` E.
    mutating func addSkipRule(_ rule: ResultPredicate, to item: inout Object, of step: Step) {
        guard case .not(let shown) = rule else {
            problem(Self.place(step), "only a skip rule of the form not(condition) can be expressed, as enableWhen")
            return
        }
        addCondition(shown, to: &item, at: Self.place(step))
    }

    /// The top-level item of a step.
    mutating func item(for step: Step) -> Object? {
        let place = Self.place(step)
        switch step.kind {
        case .form(let items):
            var group: Object = ["linkId": .string(claim(step.id, at: place)), "type": .string("group")]
            if let title = step.title { group["text"] = .string(title) }
            if !step.isOptional { group["required"] = .bool(true) }
            group["item"] = .array(texts(of: step) + questions(items, of: step))
            return group
        case .question(let formItem):
            if step.title != nil || step.text != nil || step.detail != nil {
                problem(place, "a question step's title and texts cannot be expressed (give them to a form step)")
            }
            if step.id != formItem.id {
                problem(place, "a question step is one item: its identifier must be its item's, '\(formItem.id)'")
            }
            if step.isOptional {
                problem(place, "an optional question step cannot be expressed: make its item optional")
            }
            if formItem.visibleWhen != nil {
                problem(place, "a question step's item cannot have its own condition: use a skip rule")
            }
            return question(formItem, of: step)
        case .instruction(let instruction):
            if instruction.imageName != nil || !instruction.bodyItems.isEmpty {
                problem(place, "an instruction's image and body items cannot be expressed")
            }
            if step.isOptional { problem(place, "an optional instruction step cannot be expressed") }
            var group: Object = ["linkId": .string(claim(step.id, at: place)), "type": .string("group")]
            if let title = step.title { group["text"] = .string(title) }
            let texts = texts(of: step)
            if texts.isEmpty {
                problem(place, "an instruction step needs a text or a detail (a group cannot be empty)")
                return ["linkId": .string(step.id), "type": .string("display"), "text": .string(step.title ?? step.id)]
            }
            group["item"] = .array(texts)
            return group
        case .rangeOfMotion:
            problem(place, "a range-of-motion step cannot be expressed")
            // The measured range, as the data export's QuestionnaireResponses carry it.
            let range: Object = [
                "linkId": .string(claim("\(step.id).range", at: place)), "type": .string("decimal"),
                "text": .string("Range of motion (degrees)"), "readOnly": .bool(true),
            ]
            var group: Object = ["linkId": .string(claim(step.id, at: place)), "type": .string("group")]
            if let title = step.title { group["text"] = .string(title) }
            group["item"] = .array([.object(range)])
            return group
        default:
            problem(place, "a \(Self.kindName(step.kind)) step cannot be expressed in a Questionnaire")
            var display: Object = ["linkId": .string(claim(step.id, at: place)), "type": .string("display")]
            display["text"] = .string(step.title ?? step.text ?? step.id)
            return display
        }
    }

    static func kindName(_ kind: Step.Kind) -> String {
        switch kind {
        case .instruction: "instruction"
        case .form: "form"
        case .question: "question"
        case .consentDocument: "consent document"
        case .requestPermissions: "permission request"
        case .completion: "completion"
        case .review: "review"
        case .rangeOfMotion: "range-of-motion"
        case .frontCameraRecording: "camera recording"
        case .environmentNoise: "environment noise"
        case .toneAudiometry: "tone audiometry"
        case .bodyModel: "body model"
        }
    }

    /// A step's text and detail as the display items that open its group.
    mutating func texts(of step: Step) -> [JSONValue] {
        var items: [JSONValue] = []
        if let text = step.text {
            items.append(display("\(step.id).text", text, control: nil, at: Self.place(step)))
        }
        if let detail = step.detail {
            items.append(display("\(step.id).detail", detail, control: "inline", at: Self.place(step)))
        }
        return items
    }

    /// A display item, marked with an item control when `control` is given.
    mutating func display(_ linkID: String, _ text: String, control: String?, at place: String) -> JSONValue {
        var item: Object = [
            "linkId": .string(claim(linkID, at: place)), "type": .string("display"), "text": .string(text),
        ]
        if let control { item["extension"] = .array([Self.itemControl(control)]) }
        return .object(item)
    }

    static func itemControl(_ code: String) -> JSONValue {
        .object([
            "url": .string(FHIRVocabulary.itemControl),
            "valueCodeableConcept": .object([
                "coding": .array([
                    .object(["system": .string(FHIRVocabulary.itemControlSystem), "code": .string(code)])
                ])
            ]),
        ])
    }

    /// A form's items, each run of items with the same section inside a group of its own.
    mutating func questions(_ items: [FormItem], of step: Step) -> [JSONValue] {
        var written: [JSONValue] = []
        var index = 0
        var sectionNumber = 0
        while index < items.count {
            guard let section = items[index].section else {
                written.append(.object(question(items[index], of: step)))
                index += 1
                continue
            }
            var members: [JSONValue] = []
            while index < items.count, items[index].section == section {
                members.append(.object(question(items[index], of: step)))
                index += 1
            }
            sectionNumber += 1
            let linkID = claim("\(step.id).section\(sectionNumber)", at: Self.place(step))
            written.append(
                .object([
                    "linkId": .string(linkID), "type": .string("group"), "text": .string(section),
                    "item": .array(members),
                ]))
        }
        return written
    }
}
