import Foundation

extension Answer {
    /// The answer as the form values `AnswerFormat.parse(formValues:)` reads, to fill a page in again.
    ///
    /// Choices give their values (the "other" text is `otherText`); "don't know" gives `"dontKnow"`;
    /// skipped gives nothing.
    public var formValues: [String] {
        switch self {
        case .integer(let value): [String(value)]
        case .decimal(let value): [String(value)]
        case .text(let value): [value]
        case .choices(let values, _): values
        case .boolean(let value): [value ? "true" : "false"]
        case .date(let value): [value.description]
        case .dateTime(let value): [SurveyJSON.formatDate(value)]
        case .timeOfDay(let value): [value.description]
        case .interval(let seconds):
            [String(format: "%02d:%02d", Int(seconds) / 3600, Int(seconds) % 3600 / 60)]
        case .location(let value): ["\(value.latitude),\(value.longitude)"]
        case .dontKnow: [AnswerFormat.dontKnowValue]
        case .skipped: []
        }
    }

    /// The free text of the "other" choice, if any.
    public var otherText: String? {
        if case .choices(_, let other) = self { return other }
        return nil
    }
}
