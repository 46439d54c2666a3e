import Foundation

extension QuestionnaireReader {
    static let itemKeys: Set<String> = [
        "id", "extension", "modifierExtension", "linkId", "definition", "code", "prefix", "text", "type",
        "enableWhen", "enableBehavior", "required", "repeats", "readOnly", "maxLength", "answerValueSet",
        "answerOption", "initial", "item",
    ]

    /// Problems every item shares: unknown members, modifier extensions, read-only.
    mutating func checkCommon(_ item: JSONValue, at place: String) {
        for key in (item.objectValue?.keys ?? [:].keys).sorted() where !Self.itemKeys.contains(key) {
            if !key.hasPrefix("_") { problem(place, "unknown member '\(key)'") }
        }
        if item["modifierExtension"] != nil { problem(place, "modifier extensions cannot be mapped") }
        if item["readOnly"]?.boolValue == true { problem(place, "read-only items cannot be mapped") }
        if item["answerValueSet"] != nil {
            problem(place, "answerValueSet cannot be mapped: list the options as answerOption")
        }
    }

    /// The item's text with its prefix (`1.`) in front.
    func text(of item: JSONValue) -> String? {
        guard let text = item["text"]?.stringValue else { return nil }
        if let prefix = item["prefix"]?.stringValue, !prefix.isEmpty { return "\(prefix) \(text)" }
        return text
    }

    /// The step a top-level item becomes.
    mutating func step(_ item: JSONValue, path: String) -> Step? {
        let place = Self.place(path, item)
        guard let linkID = item["linkId"]?.stringValue, !linkID.isEmpty else { return nil }
        checkCommon(item, at: place)
        if let condition = condition(of: item, at: place) { skipRules[linkID] = .not(condition) }
        switch item["type"]?.stringValue {
        case "group":
            return groupStep(item, linkID: linkID, at: place, path: path)
        case "display":
            var extensions = ItemExtensions(item, reader: &self, at: place)
            extensions.ignoreControl()
            extensions.finish(reader: &self, at: place)
            var detail: String?
            for (position, child) in (item["item"]?.arrayValue ?? []).enumerated() {
                let childPlace = Self.place("\(path).item[\(position)]", child)
                if displayControl(child, at: childPlace) == "inline", detail == nil {
                    detail = text(of: child)
                } else {
                    problem(
                        childPlace, "only one display item marked 'inline' (the detail) may sit under a display item")
                }
            }
            return Step(id: linkID, text: text(of: item), detail: detail, kind: .instruction(Instruction()))
        default:
            guard let formItem = formItem(item, path: path, section: nil, inherited: nil, topLevel: true) else {
                return nil
            }
            return Step(id: linkID, kind: .question(formItem))
        }
    }

    /// A group of questions becomes a form step; a group with display items only, an instruction step.
    mutating func groupStep(_ item: JSONValue, linkID: String, at place: String, path: String) -> Step? {
        var extensions = ItemExtensions(item, reader: &self, at: place)
        extensions.ignoreControl()
        extensions.finish(reader: &self, at: place)
        if item["repeats"]?.boolValue == true { problem(place, "repeating groups cannot be mapped") }
        guard let children = item["item"]?.arrayValue, !children.isEmpty else {
            problem(place, "a group needs items")
            return nil
        }
        var text: String?
        var detail: String?
        var items: [FormItem] = []
        var sawQuestion = false
        for (position, child) in children.enumerated() {
            let childPath = "\(path).item[\(position)]"
            let childPlace = Self.place(childPath, child)
            switch child["type"]?.stringValue {
            case "display":
                checkCommon(child, at: childPlace)
                let control = displayControl(child, at: childPlace)
                if sawQuestion {
                    problem(
                        childPlace, "a display item after the first question cannot be mapped (forms hold questions)")
                } else if control == "inline", detail == nil {
                    detail = self.text(of: child)
                } else if control == nil, text == nil {
                    text = self.text(of: child)
                } else {
                    problem(
                        childPlace, "a group takes one display item for its text and one marked 'inline' for its detail"
                    )
                }
                if child["enableWhen"] != nil { problem(childPlace, "a display item's enableWhen cannot be mapped") }
                if child["item"] != nil { problem(childPlace, "items under a display item cannot be mapped") }
            case "group":
                sawQuestion = true
                items += section(child, path: childPath, at: childPlace)
            default:
                sawQuestion = true
                if let formItem = formItem(child, path: childPath, section: nil, inherited: nil, topLevel: false) {
                    items.append(formItem)
                }
            }
        }
        if !sawQuestion {
            if item["required"]?.boolValue == true { problem(place, "a group without questions cannot be required") }
            return Step(
                id: linkID, title: self.text(of: item), text: text, detail: detail, kind: .instruction(Instruction()))
        }
        return Step(
            id: linkID, title: self.text(of: item), text: text, detail: detail,
            isOptional: item["required"]?.boolValue != true, kind: .form(items))
    }

    /// A group inside a step's group: its questions, each with the group's text as its section and the group's
    /// condition joined to its own.
    mutating func section(_ group: JSONValue, path: String, at place: String) -> [FormItem] {
        checkCommon(group, at: place)
        var extensions = ItemExtensions(group, reader: &self, at: place)
        extensions.ignoreControl()
        extensions.finish(reader: &self, at: place)
        if group["repeats"]?.boolValue == true { problem(place, "repeating groups cannot be mapped") }
        if group["required"]?.boolValue == true {
            problem(place, "a required section cannot be mapped: mark its questions required")
        }
        let inherited = condition(of: group, at: place)
        let title = text(of: group)
        var items: [FormItem] = []
        guard let children = group["item"]?.arrayValue, !children.isEmpty else {
            problem(place, "a group needs items")
            return []
        }
        for (position, child) in children.enumerated() {
            let childPath = "\(path).item[\(position)]"
            let childPlace = Self.place(childPath, child)
            switch child["type"]?.stringValue {
            case "display", "group":
                problem(childPlace, "a section (a group inside a group) holds only questions")
            default:
                if let formItem = formItem(
                    child, path: childPath, section: title, inherited: inherited, topLevel: false)
                {
                    items.append(formItem)
                }
            }
        }
        return items
    }

    /// The item control a display item is marked with (`inline`, `lower`, `upper`), reporting any other.
    mutating func displayControl(_ item: JSONValue, at place: String) -> String? {
        if item["type"]?.stringValue != "display" {
            problem(place, "only display items can sit under a question")
            return nil
        }
        var extensions = ItemExtensions(item, reader: &self, at: place)
        let control = extensions.control
        if let control, !["inline", "lower", "upper"].contains(control) {
            problem(place, "item control '\(control)' on a display item cannot be mapped")
        }
        extensions.ignoreControl()
        extensions.finish(reader: &self, at: place)
        return control
    }

    /// A question; `topLevel` questions are steps, whose condition is the step's skip rule rather than the item's.
    mutating func formItem(
        _ item: JSONValue, path: String, section: String?, inherited: ResultPredicate?, topLevel: Bool
    ) -> FormItem? {
        let place = Self.place(path, item)
        if !topLevel { checkCommon(item, at: place) }
        guard let linkID = item["linkId"]?.stringValue, !linkID.isEmpty else { return nil }
        guard let text = text(of: item) else {
            problem(place, "a question needs its text")
            return nil
        }
        var detail: String?
        var lower: String?
        var upper: String?
        for (position, child) in (item["item"]?.arrayValue ?? []).enumerated() {
            let childPlace = Self.place("\(path).item[\(position)]", child)
            switch displayControl(child, at: childPlace) {
            case "inline" where detail == nil: detail = self.text(of: child)
            case "lower" where lower == nil: lower = self.text(of: child)
            case "upper" where upper == nil: upper = self.text(of: child)
            case nil: if child["type"]?.stringValue == "display" { problem(childPlace, Self.childRule) }
            default: problem(childPlace, Self.childRule)
            }
        }
        let own = topLevel ? nil : condition(of: item, at: place)
        let visibleWhen: ResultPredicate? =
            switch (inherited, own) {
            case (nil, nil): nil
            case (let one?, nil), (nil, let one?): one
            case (let group?, let own?): .all([group, own])
            }
        var labels = SliderLabels(lower: lower, upper: upper)
        guard let format = answerFormat(item, at: place, labels: &labels) else { return nil }
        if labels.lower != nil || labels.upper != nil {
            problem(place, "display items marked 'lower' or 'upper' belong under a slider")
        }
        return FormItem(
            id: linkID, text: text, detail: detail, answerFormat: format,
            isOptional: item["required"]?.boolValue != true, section: section, visibleWhen: visibleWhen)
    }

    static let childRule =
        "under a question only display items marked 'inline' (its detail), 'lower' and 'upper' (a slider's ends) can be mapped, one each"
}

/// The texts at the ends of a slider, taken by the format that uses them.
struct SliderLabels {
    var lower: String?
    var upper: String?
}
