import Foundation
import Testing

@testable import Research

/// Both sides of every answer rule, format by format.
@Suite struct AnswerFormatValidationTests {
    private func accepts(_ format: AnswerFormat, _ answer: Answer) -> Bool {
        (try? format.validate(answer, for: "item")) != nil
    }

    @Test func scaleAcceptsItsBoundsAndStepsOnly() {
        let scale = AnswerFormat.scale(ScaleFormat(minimum: 0, maximum: 10, step: 2))
        #expect(accepts(scale, .integer(0)) && accepts(scale, .integer(10)) && accepts(scale, .integer(4)))
        #expect(!accepts(scale, .integer(-2)) && !accepts(scale, .integer(12)) && !accepts(scale, .integer(3)))
        #expect(!accepts(scale, .decimal(4)) && !accepts(scale, .text("4")))
    }

    @Test func dontKnowOnlyWhereTheButtonIsShown() {
        let plain = AnswerFormat.scale(ScaleFormat(minimum: 1, maximum: 10))
        let withButton = AnswerFormat.scale(
            ScaleFormat(minimum: 1, maximum: 10, dontKnow: DontKnowButton(text: "Prefer not to answer"))
        )
        #expect(!accepts(plain, .dontKnow))
        #expect(accepts(withButton, .dontKnow))
        #expect(accepts(plain, .skipped))
    }

    @Test func errorsNameTheItem() {
        let scale = AnswerFormat.scale(ScaleFormat(minimum: 1, maximum: 10))
        #expect(
            throws: AnswerError(
                itemID: "checkin.form.pain", code: .outOfRange, message: "must be between 1 and 10",
                bounds: ItemError.Bounds(minimum: 1, maximum: 10, step: 1))
        ) {
            try scale.validate(.integer(11), for: "checkin.form.pain")
        }
    }

    @Test func continuousScaleLimitsRangeAndFractionDigits() {
        let scale = AnswerFormat.continuousScale(ContinuousScaleFormat(minimum: 0, maximum: 1, fractionDigits: 2))
        #expect(accepts(scale, .decimal(0)) && accepts(scale, .decimal(1)) && accepts(scale, .decimal(0.25)))
        #expect(!accepts(scale, .decimal(-0.01)) && !accepts(scale, .decimal(1.01)))
        #expect(!accepts(scale, .decimal(0.125)))
    }

    @Test func textScaleTakesOneKnownChoice() {
        let scale = AnswerFormat.textScale(
            TextScaleFormat(choices: [Choice(text: "Low", value: "low"), Choice(text: "High", value: "high")])
        )
        #expect(accepts(scale, .choices(["low"], other: nil)))
        #expect(!accepts(scale, .choices(["medium"], other: nil)))
        #expect(!accepts(scale, .choices(["low", "high"], other: nil)))
    }

    @Test func textChoiceHonoursStyleExclusiveAndOther() {
        let choices = [
            Choice(text: "Walking", value: "walk"), Choice(text: "Cycling", value: "cycle"),
            Choice(text: "None", value: "none", isExclusive: true),
        ]
        let single = AnswerFormat.textChoice(TextChoiceFormat(style: .single, choices: choices))
        let multiple = AnswerFormat.textChoice(
            TextChoiceFormat(style: .multiple, choices: choices, other: .init(text: "Other"))
        )
        #expect(accepts(single, .choices(["walk"], other: nil)))
        #expect(!accepts(single, .choices(["walk", "cycle"], other: nil)))
        #expect(!accepts(single, .choices([], other: nil)))
        #expect(accepts(multiple, .choices(["walk", "cycle"], other: nil)))
        #expect(!accepts(multiple, .choices(["walk", "none"], other: nil)))
        #expect(accepts(multiple, .choices(["none"], other: nil)))
        #expect(accepts(multiple, .choices(["walk", "other"], other: "Swimming")))
        #expect(!accepts(multiple, .choices(["walk"], other: "Swimming")))
        #expect(!accepts(single, .choices(["other"], other: "Swimming")))
        #expect(!accepts(multiple, .choices(["walk", "walk"], other: nil)))
    }

    @Test func booleanTakesOnlyBooleans() {
        #expect(accepts(.boolean(BooleanFormat()), .boolean(false)))
        #expect(!accepts(.boolean(BooleanFormat()), .integer(0)))
    }

    @Test func numericChecksStyleAndBounds() {
        let integer = AnswerFormat.numeric(NumericFormat(style: .integer, unit: "°", minimum: 0, maximum: 150))
        #expect(accepts(integer, .integer(0)) && accepts(integer, .integer(150)))
        #expect(!accepts(integer, .integer(-1)) && !accepts(integer, .integer(151)))
        #expect(!accepts(integer, .decimal(10.5)))
        let decimal = AnswerFormat.numeric(NumericFormat(style: .decimal, minimum: 0.5, maximum: 2.5))
        #expect(accepts(decimal, .decimal(0.5)) && accepts(decimal, .decimal(2.5)) && accepts(decimal, .integer(1)))
        #expect(!accepts(decimal, .decimal(0.49)) && !accepts(decimal, .decimal(2.51)))
        #expect(!accepts(decimal, .decimal(.nan)))
    }

    @Test func freeTextRefusesControlCharactersButKeepsLineBreaksWhereLinesAreAllowed() {
        let single = AnswerFormat.text(TextFormat())
        let multiple = AnswerFormat.text(TextFormat(multipleLines: true))
        for text in ["walk\u{0}ed", "a\u{7}b", "esc\u{1B}[31m", "del\u{7F}", "c1\u{85}x", "tab\there"] {
            #expect(!accepts(single, .text(text)), "\(text.debugDescription)")
        }
        for text in ["walk\u{0}ed", "a\u{7}b", "del\u{7F}"] {
            #expect(throws: AnswerError(itemID: "item", code: .controlCharacter, message: "holds a control character"))
            {
                try multiple.validate(.text(text), for: "item")
            }
        }
        #expect(accepts(multiple, .text("line one\r\nline two\tindented")))
        #expect(accepts(single, .text("Knie gebeugt 90° – 好多了 👍")))
        let choice = AnswerFormat.textChoice(
            TextChoiceFormat(
                style: .single, choices: [Choice(text: "Walking", value: "walking")], other: .init(text: "Other")))
        #expect(accepts(choice, .choices(["other"], other: "cycling")))
        #expect(!accepts(choice, .choices(["other"], other: "cyc\u{0}ling")))
    }

    @Test func textChecksLengthLinesAndWholePattern() {
        let limited = AnswerFormat.text(TextFormat(maximumLength: 5))
        #expect(accepts(limited, .text("abcde")) && !accepts(limited, .text("abcdef")))
        #expect(!accepts(limited, .text("   ")))
        #expect(!accepts(limited, .text("a\nb")))
        #expect(accepts(.text(TextFormat(multipleLines: true)), .text("a\nb")))
        #expect(accepts(.text(TextFormat()), .text(String(repeating: "x", count: TextFormat.unlimitedLength))))
        #expect(!accepts(.text(TextFormat()), .text(String(repeating: "x", count: TextFormat.unlimitedLength + 1))))
        let zip = AnswerFormat.text(TextFormat(pattern: "[0-9]{5}", invalidMessage: "Enter 5 digits"))
        #expect(accepts(zip, .text("12345")))
        #expect(!accepts(zip, .text("123456")))
        #expect(!accepts(zip, .text("a12345")))
        #expect(!accepts(zip, .text("12345\n")))
        #expect(
            throws: AnswerError(
                itemID: "zip", code: .patternMismatch, message: "Enter 5 digits", authorMessage: "Enter 5 digits")
        ) {
            try zip.validate(.text("1234"), for: "zip")
        }
    }

    @Test func ladderHasTenRungs() {
        let ladder = AnswerFormat.socioEconomicLadder(
            LadderFormat(topText: "Optimal Health", bottomText: "Poor Health"))
        #expect(accepts(ladder, .integer(0)) && accepts(ladder, .integer(9)))
        #expect(!accepts(ladder, .integer(-1)) && !accepts(ladder, .integer(10)))
    }

    @Test func datesRespectTheirBounds() throws {
        let minimum = try #require(CalendarDate("2026-01-01"))
        let maximum = try #require(CalendarDate("2026-12-31"))
        let format = AnswerFormat.date(DateFormat(minimum: minimum, maximum: maximum))
        #expect(accepts(format, .date(minimum)) && accepts(format, .date(maximum)))
        #expect(!accepts(format, .date(try #require(CalendarDate("2025-12-31")))))
        #expect(!accepts(format, .date(try #require(CalendarDate("2027-01-01")))))
        let start = Date(timeIntervalSince1970: 1_000_000)
        let dateTime = AnswerFormat.dateTime(DateTimeFormat(minimum: start, maximum: start + 60))
        #expect(accepts(dateTime, .dateTime(start)) && accepts(dateTime, .dateTime(start + 60)))
        #expect(!accepts(dateTime, .dateTime(start - 1)) && !accepts(dateTime, .dateTime(start + 61)))
        #expect(CalendarDate("2026-02-29") == nil && CalendarDate("2028-02-29") != nil)
    }

    @Test func timeOfDayAndIntervalChecks() throws {
        #expect(accepts(.timeOfDay(TimeOfDayFormat()), .timeOfDay(try #require(TimeOfDay(hour: 23, minute: 59)))))
        #expect(TimeOfDay(hour: 24, minute: 0) == nil && TimeOfDay(hour: 0, minute: 60) == nil)
        let interval = AnswerFormat.timeInterval(TimeIntervalFormat(stepMinutes: 15, maximum: 3600))
        #expect(
            accepts(interval, .interval(0)) && accepts(interval, .interval(3600)) && accepts(interval, .interval(900)))
        #expect(
            !accepts(interval, .interval(4500)) && !accepts(interval, .interval(600))
                && !accepts(interval, .interval(-900)))
    }

    @Test func heightWeightAndLocationBounds() {
        #expect(accepts(.height(HeightFormat()), .decimal(1)) && accepts(.height(HeightFormat()), .decimal(300)))
        #expect(!accepts(.height(HeightFormat()), .decimal(0.5)) && !accepts(.height(HeightFormat()), .decimal(301)))
        let weight = AnswerFormat.weight(WeightFormat(minimum: 30, maximum: 200))
        #expect(accepts(weight, .decimal(30)) && accepts(weight, .integer(200)))
        #expect(!accepts(weight, .decimal(29.9)) && !accepts(weight, .decimal(200.1)))
        #expect(accepts(.location, .location(Location(latitude: 90, longitude: -180))))
        #expect(!accepts(.location, .location(Location(latitude: 90.1, longitude: 0))))
        #expect(!accepts(.location, .location(Location(latitude: 0, longitude: 180.5))))
    }
}
