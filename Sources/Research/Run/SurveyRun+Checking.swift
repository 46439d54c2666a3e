import Foundation

extension SurveyRun {
    /// The items of `step` that are shown, given the answers so far and the page's own answers.
    public func visibleItems(of step: Step, pageAnswers: [String: Answer] = [:]) -> [FormItem] {
        step.items.filter { item in
            guard let condition = item.visibleWhen else { return true }
            return condition.evaluate { stepID, itemID in
                if stepID == step.id, let answer = pageAnswers[itemID] { return answer }
                return answer(step: stepID, item: itemID)
            }
        }
    }

    /// Checks a page against its step: every answered visible item valid, every required one answered,
    /// the activity result present and well formed. Returns the answers to record, in item order.
    func check(_ submission: StepSubmission, for step: Step) -> Result<[QuestionResult], PageErrors> {
        var errors: [ItemError] = []
        var recorded: [QuestionResult] = []
        let known = Set(step.items.map(\.id))
        for itemID in submission.answers.keys.sorted() where !known.contains(itemID) {
            errors.append(ItemError(stepID: step.id, itemID: itemID, message: "no such question on this page"))
        }
        for item in visibleItems(of: step, pageAnswers: submission.answers) {
            guard let answer = submission.answers[item.id], answer != .skipped else {
                if item.isOptional {
                    recorded.append(QuestionResult(itemID: item.id, answer: .skipped))
                } else {
                    errors.append(ItemError(stepID: step.id, itemID: item.id, message: "an answer is required"))
                }
                continue
            }
            do {
                try item.answerFormat.validate(answer, for: item.id)
                recorded.append(QuestionResult(itemID: item.id, answer: answer))
            } catch {
                errors.append(ItemError(stepID: step.id, itemID: item.id, message: error.message))
            }
        }
        if let message = step.activityProblem(submission.activity) {
            errors.append(ItemError(stepID: step.id, message: message))
        }
        return errors.isEmpty ? .success(recorded) : .failure(PageErrors(errors))
    }
}

extension Step {
    /// What is wrong with an activity result for this step, or `nil` when it fits.
    func activityProblem(_ activity: ActivityResult?) -> String? {
        switch (kind, activity) {
        case (.instruction, nil), (.completion, nil), (.review, nil), (.form, nil), (.question, nil):
            return nil
        case (.consentDocument(let document), .consent(let consent)):
            guard consent.documentVersion == document.version, consent.language == document.language else {
                return "the signed document is not this step's version and language"
            }
            guard document.signatureAfterContent else { return nil }
            guard let signature = consent.signature else { return "a signature is required" }
            if signature.printedName.trimmingCharacters(in: .whitespaces).isEmpty {
                return "a printed name is required"
            }
            if signature.printedName.count > 200 { return "the printed name is longer than 200 characters" }
            if signature.strokes.allSatisfy(\.isEmpty) { return "the signature is empty" }
            if !SignatureResult.isValidOffset(signature.utcOffset) { return "the signing offset must look like +08:00" }
            let points = signature.strokes.joined()
            if points.contains(where: { !$0.x.isFinite || !$0.y.isFinite || !$0.t.isFinite }) {
                return "the signature has a point that is not a number"
            }
            return nil
        case (.requestPermissions(let request), .permissions(let grants)):
            let missing = request.cards.filter { grants[$0] == nil }
            if !missing.isEmpty {
                return "answer each permission (granted or declined): \(missing.joined(separator: ", "))"
            }
            // Besides the cards, a grant may be recorded per health-data type: `health.read.<type>`,
            // `health.write.<type>`, for the types this step asks for.
            let typeKeys = Set(
                request.healthRead.map { "health.read.\($0.rawValue)" }
                    + request.healthWrite.map { "health.write.\($0.rawValue)" })
            let unknown = grants.keys.filter { !request.cards.contains($0) && !typeKeys.contains($0) }.sorted()
            return unknown.isEmpty ? nil : "unknown permission: \(unknown.joined(separator: ", "))"
        case (.rangeOfMotion, .rangeOfMotion(let result)):
            guard result.range.isFinite, (0...360).contains(result.range) else {
                return "the range must be 0 to 360 degrees"
            }
            return result.isManual || !result.samples.isEmpty ? nil : "motion samples are required"
        case (.frontCameraRecording(let recording), .file(let file)):
            if !file.isWellFormed { return "the recording's type, size or SHA-256 is malformed" }
            if file.retryCount > 0, !recording.allowsRetry { return "this recording does not allow retries" }
            if let duration = file.duration, duration > recording.maximumDuration + 1 {
                return "the recording is longer than \(Int(recording.maximumDuration)) seconds"
            }
            return nil
        case (.environmentNoise(let check), .noiseCheck(let readings, let passed)):
            if readings.contains(where: { !$0.isFinite }) { return "a noise reading is not a number" }
            if passed != check.passes(readings) { return "the readings do not support the reported outcome" }
            return passed ? nil : "the surroundings are too loud"
        case (.toneAudiometry(let test), .audiometry(let thresholds)):
            let expected = Set(test.ears.flatMap { ear in test.frequencies.map { "\(ear.rawValue):\(Int($0))" } })
            if Set(thresholds.keys) != expected { return "a threshold is needed for each ear and frequency" }
            return thresholds.values.allSatisfy { (-10...120).contains($0) } ? nil : "thresholds must be -10 to 120 dB"
        case (.bodyModel(let model), .bodySelection(let parts)):
            if !model.allowsSelection, !parts.isEmpty { return "this model does not allow selection" }
            if let unknown = parts.first(where: { !model.selectableParts.contains($0) }) {
                return "'\(unknown)' is not a selectable part"
            }
            if model.continueAfterSelectionOnly, parts.isEmpty { return "select at least one part" }
            return nil
        case (.bodyModel(let model), nil):
            return model.continueAfterSelectionOnly ? "select at least one part" : nil
        case (.instruction, _?), (.completion, _?), (.review, _?), (.form, _?), (.question, _?):
            return "this step takes no activity result"
        default:
            return "this step needs its \(kind.typeName) result"
        }
    }
}
