import Foundation
import Testing

@testable import Research

/// Raw form values as a browser posts them, read per answer format.
@Suite struct AnswerParsingTests {
    private func parse(_ format: AnswerFormat, _ values: [String], other: String? = nil) throws -> Answer? {
        try format.parse(formValues: values, otherText: other, for: "item")
    }

    @Test func emptyOrWhitespaceIsNoAnswer() throws {
        #expect(try parse(.text(TextFormat()), ["   "]) == nil)
        #expect(try parse(.scale(ScaleFormat(minimum: 1, maximum: 10)), []) == nil)
    }

    @Test func numbersAreReadAndChecked() throws {
        let scale = AnswerFormat.scale(ScaleFormat(minimum: 1, maximum: 10))
        #expect(try parse(scale, ["3"]) == .integer(3))
        let bounds = ItemError.Bounds(minimum: 1, maximum: 10, step: 1)
        #expect(
            throws: AnswerError(
                itemID: "item", code: .notAWholeNumber, message: "expected a whole number", bounds: bounds)
        ) { try parse(scale, ["3.5"]) }
        #expect(
            throws: AnswerError(itemID: "item", code: .outOfRange, message: "must be between 1 and 10", bounds: bounds)
        ) { try parse(scale, ["11"]) }
        #expect(try parse(.numeric(NumericFormat(style: .decimal)), ["2.5"]) == .decimal(2.5))
        #expect(try parse(.height(HeightFormat()), ["172.5"]) == .decimal(172.5))
        #expect(throws: AnswerError.self) { try parse(.numeric(NumericFormat(style: .integer)), ["2.5"]) }
    }

    @Test func dontKnowIsReadOnlyWhereOffered() throws {
        let offered = AnswerFormat.scale(ScaleFormat(minimum: 1, maximum: 10, dontKnow: DontKnowButton()))
        #expect(try parse(offered, ["dontKnow"]) == .dontKnow)
        #expect(throws: AnswerError.self) { try parse(.scale(ScaleFormat(minimum: 1, maximum: 10)), ["dontKnow"]) }
    }

    @Test func choicesCarryTheOtherText() throws {
        let format = AnswerFormat.textChoice(
            TextChoiceFormat(style: .multiple, choices: [Choice(text: "A", value: "a")], other: .init(text: "Other"))
        )
        #expect(try parse(format, ["a", "other"], other: " Swimming ") == .choices(["a", "other"], other: "Swimming"))
        #expect(throws: AnswerError.self) { try parse(format, ["b"]) }
    }

    @Test func datesTimesAndPlaces() throws {
        #expect(try parse(.date(DateFormat()), ["2026-05-04"]) == .date(try #require(CalendarDate("2026-05-04"))))
        #expect(try parse(.timeOfDay(TimeOfDayFormat()), ["08:30"]) == .timeOfDay(try #require(TimeOfDay("08:30"))))
        #expect(try parse(.timeInterval(TimeIntervalFormat()), ["01:30"]) == .interval(5400))
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let local = try AnswerFormat.dateTime(DateTimeFormat())
            .parse(formValues: ["2026-05-04T08:30"], timeZone: berlin, for: "item")
        #expect(local == .dateTime(try #require(SurveyJSON.parseDate("2026-05-04T06:30:00Z"))))
        #expect(try parse(.location, ["52.5, 13.4"]) == .location(Location(latitude: 52.5, longitude: 13.4)))
        #expect(throws: AnswerError.self) { try parse(.date(DateFormat()), ["2026-13-01"]) }
        #expect(throws: AnswerError.self) { try parse(.boolean(BooleanFormat()), ["maybe"]) }
        #expect(try parse(.boolean(BooleanFormat()), ["yes"]) == .boolean(true))
    }

    @Test func severalValuesForASingleValueFormatAreRefused() {
        #expect(throws: AnswerError(itemID: "item", code: .tooManyValues, message: "expected one value, got 2")) {
            try parse(.text(TextFormat()), ["a", "b"])
        }
    }

    @Test func jsonValuesBecomeFormValues() {
        #expect(JSONValue.number(7).formValues == ["7"])
        #expect(JSONValue.number(2.5).formValues == ["2.5"])
        #expect(JSONValue.bool(true).formValues == ["true"])
        #expect(JSONValue.array([.string("a"), .number(1)]).formValues == ["a", "1"])
        #expect(JSONValue.object([:]).formValues == nil)
    }
}
