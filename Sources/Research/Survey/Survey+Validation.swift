import Foundation

extension Survey {
    /// Every problem with this survey's definition, each naming its step and item; empty when it is usable.
    public func validate() -> [SurveyProblem] {
        var problems: [SurveyProblem] = []
        if id.trimmingCharacters(in: .whitespaces).isEmpty {
            problems.append(SurveyProblem(message: "survey identifier is empty"))
        }
        if steps.isEmpty { problems.append(SurveyProblem(message: "survey has no steps")) }
        var seen: Set<String> = []
        for step in steps {
            if step.id.trimmingCharacters(in: .whitespaces).isEmpty {
                problems.append(SurveyProblem(message: "a step has an empty identifier"))
            } else if step.id == Destination.endIdentifier {
                problems.append(SurveyProblem(stepID: step.id, message: "'end' is reserved for the end of the survey"))
            } else if !seen.insert(step.id).inserted {
                problems.append(SurveyProblem(stepID: step.id, message: "duplicate step identifier"))
            }
            problems += step.problems()
        }
        problems += ruleProblems(known: seen)
        problems += scoreProblems()
        return problems
    }

    private func ruleProblems(known: Set<String>) -> [SurveyProblem] {
        var problems: [SurveyProblem] = []
        func checkReferences(_ predicate: ResultPredicate, in stepID: String) {
            for (step, item) in predicate.references {
                guard let target = self.step(step) else {
                    problems.append(
                        SurveyProblem(stepID: stepID, message: "a condition refers to unknown step '\(step)'"))
                    continue
                }
                if !target.items.contains(where: { $0.id == item }) {
                    problems.append(
                        SurveyProblem(
                            stepID: stepID, message: "a condition refers to unknown item '\(item)' of '\(step)'")
                    )
                }
            }
        }
        for (stepID, rules) in navigationRules.sorted(by: { $0.key < $1.key }) {
            if !known.contains(stepID) {
                problems.append(SurveyProblem(stepID: stepID, message: "navigation rules for an unknown step"))
            }
            for rule in rules {
                if case .step(let target) = rule.destination, !known.contains(target) {
                    problems.append(
                        SurveyProblem(stepID: stepID, message: "navigation rule goes to unknown step '\(target)'"))
                }
                if let condition = rule.condition { checkReferences(condition, in: stepID) }
            }
        }
        for (stepID, predicate) in skipRules.sorted(by: { $0.key < $1.key }) {
            if !known.contains(stepID) {
                problems.append(SurveyProblem(stepID: stepID, message: "skip rule for an unknown step"))
            }
            checkReferences(predicate, in: stepID)
        }
        for step in steps {
            for item in step.items {
                if let condition = item.visibleWhen { checkReferences(condition, in: step.id) }
            }
        }
        return problems
    }
}

extension Step {
    /// Problems with this step's own parameters and its items.
    func problems() -> [SurveyProblem] {
        var problems: [SurveyProblem] = []
        func add(_ message: String) { problems.append(SurveyProblem(stepID: id, message: message)) }
        switch kind {
        case .form(let items):
            if items.isEmpty { add("form has no items") }
        case .consentDocument(let document):
            if document.html.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                add("consent document is empty")
            }
            if document.version.isEmpty { add("consent document has no version") }
            if document.language.isEmpty { add("consent document has no language") }
            if document.signatureAfterContent, document.signatureMeaning.trimmingCharacters(in: .whitespaces).isEmpty {
                add("a signature needs its meaning")
            }
        case .requestPermissions(let request):
            if request.cards.isEmpty { add("requests no permission") }
        case .frontCameraRecording(let recording):
            if !(recording.maximumDuration > 0 && recording.maximumDuration <= 600) {
                add("maximum duration must be more than 0 and at most 600 seconds")
            }
        case .environmentNoise(let check):
            if !(0...120).contains(check.thresholdDBA) { add("noise threshold must be 0 to 120 dBA") }
            if check.consecutiveQuietSamples < 1 { add("at least one quiet sample is needed") }
        case .toneAudiometry(let test):
            if test.frequencies.isEmpty { add("tone audiometry has no frequencies") }
            if test.frequencies.contains(where: { !(125...16000).contains($0) }) {
                add("tone frequencies must be 125 to 16000 Hz")
            }
            if test.ears.isEmpty || Set(test.ears).count != test.ears.count { add("ears must be listed once each") }
        case .bodyModel(let model):
            if model.modelID.isEmpty { add("body model has no model identifier") }
            if model.continueAfterSelectionOnly, !model.allowsSelection || model.selectableParts.isEmpty {
                add("continuing only after a selection needs selectable parts")
            }
        case .instruction, .question, .completion, .review, .rangeOfMotion:
            break
        }
        var seen: Set<String> = []
        for item in items {
            if item.id.trimmingCharacters(in: .whitespaces).isEmpty {
                add("an item has an empty identifier")
            } else if !seen.insert(item.id).inserted {
                problems.append(SurveyProblem(stepID: id, itemID: item.id, message: "duplicate item identifier"))
            }
            for message in item.answerFormat.parameterProblems() {
                problems.append(SurveyProblem(stepID: id, itemID: item.id, message: message))
            }
        }
        return problems
    }
}
