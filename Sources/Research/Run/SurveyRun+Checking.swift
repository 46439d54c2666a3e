import Foundation

extension SurveyRun {
    /// The items of `step` that are shown, given the answers so far and the page's own answers.
    public func visibleItems(of step: Step, pageAnswers: [String: Answer] = [:]) -> [FormItem] {
        let answers = shownAnswers(of: step, pageAnswers: pageAnswers)
        return step.items.filter { holds($0, on: step, answers: answers) }
    }

    /// Whether `item` of `step` is shown: its `visibleWhen` holds over the answers so far, where a test of an
    /// item of `step` itself reads the page's answers only (what the page holds now, not what an earlier visit
    /// to the page answered), and only those of its questions that are shown themselves.
    public func isVisible(_ item: FormItem, on step: Step, pageAnswers: [String: Answer]) -> Bool {
        holds(item, on: step, answers: shownAnswers(of: step, pageAnswers: pageAnswers))
    }

    /// The page's answers without those of hidden questions, to a fixpoint: in a chain (B shown when A is yes, C
    /// when B is yes), a posted answer to B no longer shows C once A is no.
    func shownAnswers(of step: Step, pageAnswers: [String: Answer]) -> [String: Answer] {
        var answers = pageAnswers
        var changed = true
        while changed {
            changed = false
            for item in step.items where answers[item.id] != nil && !holds(item, on: step, answers: answers) {
                answers[item.id] = nil
                changed = true
            }
        }
        return answers
    }

    private func holds(_ item: FormItem, on step: Step, answers: [String: Answer]) -> Bool {
        guard let condition = item.visibleWhen else { return true }
        return condition.evaluate { stepID, itemID in
            stepID == step.id ? answers[itemID] : answer(step: stepID, item: itemID)
        }
    }

    /// Checks a page against its step: every answered visible item valid, every required one answered,
    /// the activity result present and well formed. Returns the answers to record, in item order.
    func check(_ submission: StepSubmission, for step: Step) -> Result<[QuestionResult], PageErrors> {
        var errors: [ItemError] = []
        var recorded: [QuestionResult] = []
        let known = Set(step.items.map(\.id))
        for itemID in submission.answers.keys.sorted() where !known.contains(itemID) {
            errors.append(
                ItemError(stepID: step.id, itemID: itemID, code: .unknownItem, message: "no such question on this page")
            )
        }
        for item in visibleItems(of: step, pageAnswers: submission.answers) {
            guard let answer = submission.answers[item.id], answer != .skipped else {
                if let shown = submission.shownItems, item.visibleWhen != nil, !shown.contains(item.id) {
                    // The page's own answers reveal a question the participant has not seen: neither required
                    // nor skipped yet, but shown with the page again.
                    errors.append(
                        ItemError(
                            stepID: step.id, itemID: item.id, code: .revealed,
                            message: "the page's answers show this question, which was hidden: answer it or go on"))
                } else if item.isOptional {
                    recorded.append(QuestionResult(itemID: item.id, answer: .skipped))
                } else {
                    errors.append(
                        ItemError(stepID: step.id, itemID: item.id, code: .required, message: "an answer is required"))
                }
                continue
            }
            do {
                try item.answerFormat.validate(answer, for: item.id)
                recorded.append(QuestionResult(itemID: item.id, answer: answer))
            } catch {
                errors.append(ItemError(stepID: step.id, error))
            }
        }
        if let problem = step.activityProblem(submission.activity) {
            errors.append(problem)
        }
        return errors.isEmpty ? .success(recorded) : .failure(PageErrors(errors))
    }
}

extension Step {
    /// What is wrong with an activity result for this step, or `nil` when it fits.
    func activityProblem(_ activity: ActivityResult?) -> ItemError? {
        func problem(_ code: ItemError.Code, _ message: String, bounds: ItemError.Bounds? = nil, limit: Int? = nil)
            -> ItemError
        {
            ItemError(stepID: id, code: code, message: message, bounds: bounds, limit: limit)
        }
        switch (kind, activity) {
        case (.instruction, nil), (.completion, nil), (.review, nil), (.form, nil), (.question, nil):
            return nil
        case (.consentDocument(let document), .consent(let consent)):
            guard consent.documentVersion == document.version, consent.language == document.language else {
                return problem(.documentMismatch, "the signed document is not this step's version and language")
            }
            guard document.signatureAfterContent else { return nil }
            guard let signature = consent.signature else {
                return problem(.signatureRequired, "a signature is required")
            }
            return signatureProblem(signature)
        case (.requestPermissions(let request), .permissions(let grants)):
            let missing = request.cards.filter { grants[$0] == nil }
            if !missing.isEmpty {
                return problem(
                    .permissionsUnanswered,
                    "answer each permission (granted or declined): \(missing.joined(separator: ", "))")
            }
            // Besides the cards, a grant may be recorded per health-data type: `health.read.<type>`,
            // `health.write.<type>`, for the types this step asks for.
            let typeKeys = Set(
                request.healthRead.map { "health.read.\($0.rawValue)" }
                    + request.healthWrite.map { "health.write.\($0.rawValue)" })
            let unknown = grants.keys.filter { !request.cards.contains($0) && !typeKeys.contains($0) }.sorted()
            return unknown.isEmpty
                ? nil : problem(.unknownPermission, "unknown permission: \(unknown.joined(separator: ", "))")
        case (.rangeOfMotion(let task), .rangeOfMotion(let result)):
            if let limb = result.limb, limb != task.limb {
                return problem(
                    .wrongShape, "this step measures the \(task.limb.rawValue) side, not the \(limb.rawValue)")
            }
            let plausible = RangeOfMotionResult.plausibleRange
            guard result.range.isFinite, plausible.contains(result.range) else {
                return problem(
                    .outOfRange,
                    "the range must be \(Int(plausible.lowerBound)) to \(Int(plausible.upperBound)) degrees",
                    bounds: ItemError.Bounds(plausible))
            }
            return result.isManual || !result.samples.isEmpty
                ? nil : problem(.measurementRequired, "motion samples are required")
        case (.frontCameraRecording(let recording), .file(let file)):
            if !file.isWellFormed { return problem(.invalidFile, "the recording's type, size or SHA-256 is malformed") }
            if file.retryCount > 0, !recording.allowsRetry {
                return problem(.retryNotAllowed, "this recording does not allow retries")
            }
            if let duration = file.duration, duration > recording.maximumDuration + 1 {
                let limit = Int(recording.maximumDuration)
                return problem(.recordingTooLong, "the recording is longer than \(limit) seconds", limit: limit)
            }
            return nil
        case (.environmentNoise(let check), .noiseCheck(let readings, let passed)):
            if readings.contains(where: { !$0.isFinite }) {
                return problem(.notANumber, "a noise reading is not a number")
            }
            if passed != check.passes(readings) {
                return problem(.outcomeMismatch, "the readings do not support the reported outcome")
            }
            return passed ? nil : problem(.tooLoud, "the surroundings are too loud")
        case (.toneAudiometry(let test), .audiometry(let thresholds)):
            let expected = Set(test.ears.flatMap { ear in test.frequencies.map { "\(ear.rawValue):\(Int($0))" } })
            if Set(thresholds.keys) != expected {
                return problem(.thresholdsMissing, "a threshold is needed for each ear and frequency")
            }
            let levels = ToneAudiometry.thresholdRange
            return thresholds.values.allSatisfy { levels.contains($0) }
                ? nil
                : problem(
                    .outOfRange,
                    "thresholds must be \(Int(levels.lowerBound)) to \(Int(levels.upperBound)) dB",
                    bounds: ItemError.Bounds(levels))
        case (.bodyModel(let model), .bodySelection(let parts)):
            if !model.allowsSelection, !parts.isEmpty {
                return problem(.selectionNotAllowed, "this model does not allow selection")
            }
            if let unknown = parts.first(where: { !model.selectableParts.contains($0) }) {
                return problem(.unknownPart, "'\(unknown)' is not a selectable part")
            }
            if model.continueAfterSelectionOnly, parts.isEmpty {
                return problem(.selectPart, "select at least one part")
            }
            return nil
        case (.bodyModel(let model), nil):
            return model.continueAfterSelectionOnly ? problem(.selectPart, "select at least one part") : nil
        case (.instruction, _?), (.completion, _?), (.review, _?), (.form, _?), (.question, _?):
            return problem(.unexpectedAnswer, "this step takes no activity result")
        default:
            return problem(.resultRequired, "this step needs its \(kind.typeName) result")
        }
    }

    /// What is wrong with a consent's signature, or `nil` when it fits.
    private func signatureProblem(_ signature: SignatureResult) -> ItemError? {
        func problem(_ code: ItemError.Code, _ message: String, limit: Int? = nil) -> ItemError {
            ItemError(stepID: id, code: code, message: message, limit: limit)
        }
        if signature.printedName.trimmingCharacters(in: .whitespaces).isEmpty {
            return problem(.nameRequired, "a printed name is required")
        }
        if FreeText.hasControlCharacter(signature.printedName, allowingLineBreaks: false) {
            return problem(.controlCharacter, "the printed name holds a control character")
        }
        let limit = SignatureResult.printedNameLimit
        if signature.printedName.count > limit {
            return problem(.nameTooLong, "the printed name is longer than \(limit) characters", limit: limit)
        }
        if signature.strokes.allSatisfy(\.isEmpty) { return problem(.signatureEmpty, "the signature is empty") }
        if !SignatureResult.isValidOffset(signature.utcOffset) {
            return problem(.invalidOffset, "the signing offset must look like +08:00")
        }
        let points = signature.strokes.joined()
        if points.contains(where: { !$0.x.isFinite || !$0.y.isFinite || !$0.t.isFinite }) {
            return problem(.notANumber, "the signature has a point that is not a number")
        }
        return nil
    }
}
