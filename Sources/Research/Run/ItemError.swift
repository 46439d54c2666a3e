import Foundation

/// A problem with a submitted page, naming the step and, where it concerns one question, the item.
///
/// `code` says what is wrong, for a program to act on or to word in another language; `message` says it in
/// English (what `recover survey answer` prints). The values a message names travel as typed members:
/// `bounds` (the accepted numbers), `limit` (a maximum length) and `authorMessage` (the survey's own words).
public struct ItemError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The identifier of the step.
    public var stepID: String
    /// The identifier of the question, when the entry concerns one.
    public var itemID: String?
    /// What is wrong, as a stable code (docs/survey-json.md lists them).
    public var code: Code
    /// What is wrong, in English words a person can act on.
    public var message: String
    /// The numbers accepted: for an answer to a format with bounds (scale, continuous scale, numeric, ladder,
    /// duration, height, weight) that format's, whatever the code; for a result out of range, its range.
    public var bounds: Bounds?
    /// The maximum length named by `tooLong`, `nameTooLong` (characters) or `recordingTooLong` (seconds).
    public var limit: Int?
    /// The survey author's message for `patternMismatch` (a text format's `invalidMessage`), shown as is.
    public var authorMessage: String?

    /// Creates an `ItemError` from its members.
    public init(
        stepID: String,
        itemID: String? = nil,
        code: Code,
        message: String,
        bounds: Bounds? = nil,
        limit: Int? = nil,
        authorMessage: String? = nil
    ) {
        self.stepID = stepID
        self.itemID = itemID
        self.code = code
        self.message = message
        self.bounds = bounds
        self.limit = limit
        self.authorMessage = authorMessage
    }

    /// The error of an answer to an item of step `stepID`.
    public init(stepID: String, _ error: AnswerError) {
        self.init(
            stepID: stepID,
            itemID: error.itemID,
            code: error.code,
            message: error.message,
            bounds: error.bounds,
            limit: error.limit,
            authorMessage: error.authorMessage
        )
    }

    /// `checkin.form / checkin.form.pain: must be between 1 and 10` when it names an item, else `checkin.form: ...`.
    public var description: String {
        if let itemID { return "\(stepID) / \(itemID): \(message)" }
        return "\(stepID): \(message)"
    }
}

extension ItemError {
    /// What is wrong, as a stable name. A struct over its raw value rather than an enum, so that codes can be
    /// added without breaking a caller's `switch` (which needs a `default`).
    public struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        /// The stable name, such as `outOfRange`.
        public var rawValue: String

        /// Creates a `Code` from its raw value.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The raw value.
        public var description: String { rawValue }

        // MARK: The page and the run

        /// `pages` names a step the survey does not have.
        public static let unknownStep = Code(rawValue: "unknownStep")
        /// The survey itself does not validate.
        public static let invalidSurvey = Code(rawValue: "invalidSurvey")
        /// The navigation rules go round in a loop.
        public static let navigationLoop = Code(rawValue: "navigationLoop")
        /// The run cannot do this in its current state (the survey is not complete).
        public static let runState = Code(rawValue: "runState")
        /// The run belongs to another survey.
        public static let otherSurvey = Code(rawValue: "otherSurvey")
        /// The page is not for the run's current step.
        public static let notCurrentStep = Code(rawValue: "notCurrentStep")
        /// The `payload` form field is not JSON.
        public static let notJSON = Code(rawValue: "notJSON")
        /// The posted JSON is not the shape this step or question takes.
        public static let wrongShape = Code(rawValue: "wrongShape")
        /// Something was posted for a step that takes no answers or result.
        public static let unexpectedAnswer = Code(rawValue: "unexpectedAnswer")
        /// The step's activity result is missing.
        public static let resultRequired = Code(rawValue: "resultRequired")
        /// An answer names a question the page does not have.
        public static let unknownItem = Code(rawValue: "unknownItem")
        /// A conditional question that the page's own answers make visible was not shown and has no answer: the
        /// page is shown again with it (only where the page says what it showed, ``StepSubmission/shownItems``).
        public static let revealed = Code(rawValue: "revealed")

        // MARK: Answers to questions

        /// A required question was not answered.
        public static let required = Code(rawValue: "required")
        /// "Don't know" was given to a question that does not offer it.
        public static let dontKnowNotAllowed = Code(rawValue: "dontKnowNotAllowed")
        /// Several values were posted for a question that takes one.
        public static let tooManyValues = Code(rawValue: "tooManyValues")
        /// The answer is not of the kind the question takes (a choice, yes or no, text...).
        public static let wrongType = Code(rawValue: "wrongType")
        /// A whole number was expected.
        public static let notAWholeNumber = Code(rawValue: "notAWholeNumber")
        /// A (finite) number was expected.
        public static let notANumber = Code(rawValue: "notANumber")
        /// The text is not a date (`2026-05-04`), a date and time, or an ISO-8601 instant.
        public static let invalidDate = Code(rawValue: "invalidDate")
        /// The text is not a time of day like `08:30`.
        public static let invalidTime = Code(rawValue: "invalidTime")
        /// The text is not a duration like `01:30` or a number of seconds.
        public static let invalidDuration = Code(rawValue: "invalidDuration")
        /// The text is not `latitude,longitude`.
        public static let invalidLocation = Code(rawValue: "invalidLocation")
        /// The value is outside the accepted range (`bounds`, when it is numeric).
        public static let outOfRange = Code(rawValue: "outOfRange")
        /// The value is in range but not on the format's step (`bounds.step`).
        public static let notOnStep = Code(rawValue: "notOnStep")
        /// The value has more decimal places than `bounds.fractionDigits`.
        public static let tooManyDigits = Code(rawValue: "tooManyDigits")
        /// A picked value is not one of the choices.
        public static let notAChoice = Code(rawValue: "notAChoice")
        /// No choice was picked.
        public static let noChoice = Code(rawValue: "noChoice")
        /// More than one choice was picked for a single-choice question.
        public static let oneChoiceOnly = Code(rawValue: "oneChoiceOnly")
        /// The same choice was picked twice.
        public static let duplicateChoice = Code(rawValue: "duplicateChoice")
        /// An exclusive choice was picked with others.
        public static let exclusiveChoice = Code(rawValue: "exclusiveChoice")
        /// Free text was given without picking the "other" choice.
        public static let otherTextNotAllowed = Code(rawValue: "otherTextNotAllowed")
        /// Text is longer than `limit` characters.
        public static let tooLong = Code(rawValue: "tooLong")
        /// Free text holds a control character (NUL and the like; line breaks and tabs only where text may
        /// have several lines), which would cut or corrupt the stored and exported value.
        public static let controlCharacter = Code(rawValue: "controlCharacter")
        /// The text answer is only whitespace.
        public static let empty = Code(rawValue: "empty")
        /// The text has a line break where one line is asked for.
        public static let singleLine = Code(rawValue: "singleLine")
        /// The text does not match the question's pattern (`authorMessage` says how, in the survey's words).
        public static let patternMismatch = Code(rawValue: "patternMismatch")
        /// The question's own validation pattern is not a regular expression.
        public static let invalidPattern = Code(rawValue: "invalidPattern")

        // MARK: Activity results

        /// The signed consent is not this step's document version and language.
        public static let documentMismatch = Code(rawValue: "documentMismatch")
        /// The consent has no signature, or no strokes.
        public static let signatureRequired = Code(rawValue: "signatureRequired")
        /// The signature has no strokes with points.
        public static let signatureEmpty = Code(rawValue: "signatureEmpty")
        /// The printed name is missing or blank.
        public static let nameRequired = Code(rawValue: "nameRequired")
        /// The printed name is longer than `limit` characters.
        public static let nameTooLong = Code(rawValue: "nameTooLong")
        /// The signing offset is not like `+08:00`.
        public static let invalidOffset = Code(rawValue: "invalidOffset")
        /// The signature image is not base64.
        public static let invalidImage = Code(rawValue: "invalidImage")
        /// A requested permission card was not answered.
        public static let permissionsUnanswered = Code(rawValue: "permissionsUnanswered")
        /// A permission was answered that the step does not ask for.
        public static let unknownPermission = Code(rawValue: "unknownPermission")
        /// A range of motion has neither samples nor a manual angle.
        public static let measurementRequired = Code(rawValue: "measurementRequired")
        /// A motion sample cannot be used (not a unit quaternion).
        public static let unusableSamples = Code(rawValue: "unusableSamples")
        /// A recording's type, size or SHA-256 is malformed.
        public static let invalidFile = Code(rawValue: "invalidFile")
        /// A recording was retried where retries are not allowed.
        public static let retryNotAllowed = Code(rawValue: "retryNotAllowed")
        /// A recording is longer than `limit` seconds.
        public static let recordingTooLong = Code(rawValue: "recordingTooLong")
        /// The noise readings do not support the reported outcome.
        public static let outcomeMismatch = Code(rawValue: "outcomeMismatch")
        /// The noise check did not pass.
        public static let tooLoud = Code(rawValue: "tooLoud")
        /// Audiometry thresholds are missing for an ear and frequency (or are for others).
        public static let thresholdsMissing = Code(rawValue: "thresholdsMissing")
        /// Parts were selected on a body model that does not allow selection.
        public static let selectionNotAllowed = Code(rawValue: "selectionNotAllowed")
        /// A selected part is not one of the model's selectable parts.
        public static let unknownPart = Code(rawValue: "unknownPart")
        /// The body model needs at least one part selected.
        public static let selectPart = Code(rawValue: "selectPart")
    }

    /// The numbers an answer or result may take, in its own unit (seconds for a duration, cm, kg, degrees,
    /// dB HL); `nil` members are unbounded or do not apply.
    public struct Bounds: Hashable, Sendable {
        /// The smallest accepted value.
        public var minimum: Double?
        /// The largest accepted value.
        public var maximum: Double?
        /// Accepted values are `minimum` plus a multiple of `step`.
        public var step: Double?
        /// The most decimal places accepted.
        public var fractionDigits: Int?

        /// Creates a `Bounds` from its members.
        public init(minimum: Double? = nil, maximum: Double? = nil, step: Double? = nil, fractionDigits: Int? = nil) {
            self.minimum = minimum
            self.maximum = maximum
            self.step = step
            self.fractionDigits = fractionDigits
        }

        /// `range` as bounds.
        public init(_ range: ClosedRange<Double>, step: Double? = nil) {
            self.init(minimum: range.lowerBound, maximum: range.upperBound, step: step)
        }
    }
}

/// Every problem found with a submitted page; nothing is recorded when there is one.
public struct PageErrors: Error, Hashable, Sendable, CustomStringConvertible {
    /// Every problem found, in order.
    public var errors: [ItemError]

    /// Creates a `PageErrors` from its members.
    public init(_ errors: [ItemError]) { self.errors = errors }

    /// One error per line, in order.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}

/// A run operation that is not possible in the run's current state.
public struct RunError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, in words a person can act on.
    public var message: String

    /// Creates a `RunError` from its members.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
