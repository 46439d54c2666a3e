import Foundation

extension Step {
    /// Reads a page posted as JSON into a submission, or returns every problem, each naming step and item.
    ///
    /// Question pages: `{"<item id>": value}` where value is a number, string, boolean, array of choice values,
    /// `"dontKnow"`, `{"values": [...], "other": "text"}` for choices with "other", or
    /// `{"latitude": .., "longitude": ..}`. Other pages: see docs/survey-json.md (consent, permissions, range
    /// of motion, recording, noise, audiometry, body model). `date` fills a missing signing time; `timeZone`
    /// reads local date-times and gives a missing signing offset.
    public func parseSubmission(
        json: JSONValue,
        timeZone: TimeZone = TimeZone(secondsFromGMT: 0) ?? .current,
        at date: Date
    ) -> Result<StepSubmission, PageErrors> {
        func failure(_ code: ItemError.Code, _ message: String, bounds: ItemError.Bounds? = nil) -> Result<
            StepSubmission, PageErrors
        > {
            .failure(PageErrors([ItemError(stepID: id, code: code, message: message, bounds: bounds)]))
        }
        let members: [String: JSONValue]
        switch json {
        case .object(let object): members = object
        case .null: members = [:]
        default: return failure(.wrongShape, "expected an object of answers")
        }
        if !items.isEmpty {
            return parseQuestions(members, timeZone: timeZone)
        }
        switch kind {
        case .instruction, .completion, .review, .form, .question:
            return members.isEmpty ? .success(.empty) : failure(.unexpectedAnswer, "this step takes no answers")
        default:
            do {
                return .success(StepSubmission(activity: try parseActivity(members, timeZone: timeZone, at: date)))
            } catch {
                return failure(error.code, error.message, bounds: error.bounds)
            }
        }
    }

    /// Reads an HTML form post: `<item id>` fields (repeated for several choices), `<item id>.other` for the
    /// "other" text; a non-question step's result as JSON text in the `payload` field.
    public func parseSubmission(
        form fields: [String: [String]],
        timeZone: TimeZone = TimeZone(secondsFromGMT: 0) ?? .current,
        at date: Date
    ) -> Result<StepSubmission, PageErrors> {
        guard items.isEmpty else {
            return parseItems(timeZone: timeZone) { item in
                (fields[item.id] ?? [], fields["\(item.id).other"]?.first)
            }
        }
        var json = JSONValue.null
        if let payload = fields["payload"]?.first {
            guard let parsed = JSONValue.parse(Data(payload.utf8)) else {
                return .failure(PageErrors([ItemError(stepID: id, code: .notJSON, message: "the payload is not JSON")]))
            }
            json = parsed
        }
        return parseSubmission(json: json, timeZone: timeZone, at: date)
    }

    private func parseQuestions(_ members: [String: JSONValue], timeZone: TimeZone) -> Result<
        StepSubmission, PageErrors
    > {
        let known = Set(items.map(\.id))
        let unknown = members.keys.sorted().filter { !known.contains($0) }.map { key in
            ItemError(stepID: id, itemID: key, code: .unknownItem, message: "no such question on this page")
        }
        return parseItems(errors: unknown, timeZone: timeZone) { item throws(ItemError) in
            switch members[item.id] {
            case nil:
                return ([], nil)
            case .object(let object)?:
                if let latitude = object["latitude"]?.numberValue, let longitude = object["longitude"]?.numberValue {
                    return (["\(latitude),\(longitude)"], nil)
                }
                if let values = object["values"]?.formValues { return (values, object["other"]?.stringValue) }
            case let value?:
                if let values = value.formValues { return (values, nil) }
            }
            throw ItemError(
                stepID: id, itemID: item.id, code: .wrongShape, message: "the answer has the wrong shape",
                bounds: item.answerFormat.bounds)
        }
    }

    /// Every item's answer from what was posted for it (`posted` gives its values and "other" text, or refuses
    /// its shape), after `errors` found before; every problem when there is one.
    private func parseItems(
        errors: [ItemError] = [],
        timeZone: TimeZone,
        posted: (FormItem) throws(ItemError) -> (values: [String], other: String?)
    ) -> Result<StepSubmission, PageErrors> {
        var answers: [String: Answer] = [:]
        var errors = errors
        for item in items {
            let values: [String]
            let other: String?
            do {
                (values, other) = try posted(item)
            } catch {
                errors.append(error)
                continue
            }
            do {
                if let answer = try item.answerFormat.parse(
                    formValues: values, otherText: other, timeZone: timeZone, for: item.id)
                {
                    answers[item.id] = answer
                }
            } catch {
                errors.append(ItemError(stepID: id, error))
            }
        }
        return errors.isEmpty ? .success(StepSubmission(answers: answers)) : .failure(PageErrors(errors))
    }
}
