import Foundation
import Recover
import RecoverData
import Research
import Testing
import Web

@testable import RecoverWeb

/// Every answer format renders with a label and is re-validated by the engine on the server.
struct FormatsTests {
    let zone = TimeZone(identifier: "Asia/Shanghai") ?? .gmt
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let t = Localizer(.english)

    static let items: [FormItem] = [
        FormItem(
            id: "ladder", text: "Your health",
            answerFormat: .socioEconomicLadder(LadderFormat(topText: "Best", bottomText: "Worst"))),
        FormItem(
            id: "pain", text: "Pain",
            answerFormat: .scale(
                ScaleFormat(minimum: 1, maximum: 10, dontKnow: DontKnowButton(text: "Prefer not to answer")))),
        FormItem(
            id: "continuous", text: "Mood",
            answerFormat: .continuousScale(ContinuousScaleFormat(minimum: 0, maximum: 5, fractionDigits: 1))),
        FormItem(
            id: "textScale", text: "Energy",
            answerFormat: .textScale(
                TextScaleFormat(
                    choices: [Choice(text: "Low", value: "low"), Choice(text: "High", value: "high")],
                    dontKnow: DontKnowButton()))),
        FormItem(
            id: "multi", text: "Aids you use",
            answerFormat: .textChoice(
                TextChoiceFormat(
                    style: .multiple,
                    choices: [
                        Choice(text: "Crutches", value: "crutches"), Choice(text: "Brace", value: "brace"),
                        Choice(text: "None of these", value: "none", isExclusive: true),
                    ], other: TextChoiceFormat.Other(text: "Something else")))),
        FormItem(
            id: "numeric", text: "Steps walked",
            answerFormat: .numeric(NumericFormat(style: .decimal, unit: "km", minimum: 0, maximum: 50))),
        FormItem(
            id: "date", text: "Day of surgery",
            answerFormat: .date(DateFormat(minimum: CalendarDate("2020-01-01"), maximum: CalendarDate("2030-01-01")))),
        FormItem(id: "dateTime", text: "Last dose", answerFormat: .dateTime(DateTimeFormat())),
        FormItem(id: "time", text: "Bedtime", answerFormat: .timeOfDay(TimeOfDayFormat())),
        FormItem(id: "interval", text: "Time on feet", answerFormat: .timeInterval(TimeIntervalFormat(stepMinutes: 5))),
        FormItem(id: "height", text: "Height", answerFormat: .height(HeightFormat(system: .usCustomary))),
        FormItem(id: "weight", text: "Weight", answerFormat: .weight(WeightFormat())),
        FormItem(id: "location", text: "Where are you", answerFormat: .location),
        FormItem(
            id: "text", text: "Notes",
            answerFormat: .text(TextFormat(maximumLength: 10, multipleLines: true, showsCharacterCount: true))),
    ]

    func step(_ item: FormItem) -> Step { Step(id: "page", kind: .question(item)) }

    func submit(_ item: FormItem, _ fields: [String: [String]]) -> Result<StepSubmission, PageProblems> {
        StepForm.submission(for: step(item), fields: fields, timeZone: zone, at: now)
    }

    func answer(_ item: FormItem, _ fields: [String: [String]]) -> Answer? {
        guard case .success(let submission) = submit(item, fields) else { return nil }
        return submission.answers[item.id]
    }

    func problem(_ item: FormItem, _ fields: [String: [String]]) -> StepProblem? {
        guard case .failure(let problems) = submit(item, fields) else { return nil }
        return problems.problems.first
    }

    func html(_ item: FormItem, fields: [String: [String]] = [:], error: String? = nil) -> String {
        let widget = FormatWidget(item: item, fields: fields, error: error, t: t, zone: zone)
        return (widget.render() ?? StepWidgets.item(item, value: "", error: error, t: t)).description
    }

    @Test(arguments: FormatsTests.items)
    func everyFormatRendersItsQuestionAsALabelOrLegend(_ item: FormItem) {
        let page = html(item)
        // A question that must be answered says so visibly after its text.
        let marker = item.isOptional ? "" : " <span class=\"required-marker\">(required)</span>"
        let labelled =
            page.contains("<label class=\"field-label\" for=\"\(item.id)\">\(item.text)\(marker)</label>")
            || page.contains("<legend>\(item.text)\(marker)</legend>")
        #expect(labelled, "\(item.id) has no label")
        let withError = html(item, error: "Wrong")
        #expect(withError.contains("id=\"\(item.id)-error\""))
        #expect(withError.contains("aria-describedby=\"\(item.id)-error\"") || withError.contains("\(item.id)-error\""))
    }

    @Test func ladderHasTenRungsTopFirstWithTheEndTexts() {
        let page = html(Self.items[0])
        #expect(page.components(separatedBy: "type=\"radio\" name=\"ladder\"").count == 11)
        #expect(page.contains("value=\"0\"><span class=\"ladder-label\">Rung 10: Best</span>"))
        #expect(page.contains("Rung 1: Worst"))
        #expect(answer(Self.items[0], ["ladder": ["0"]]) == .integer(0))
        #expect(problem(Self.items[0], ["ladder": ["10"]])?.key == "survey.error.ladder")
        #expect(problem(Self.items[0], ["ladder": ["top"]])?.key == "survey.error.ladder")
    }

    @Test func dontKnowOnAScaleTakesPrecedenceOverTheNumber() {
        let pain = Self.items[1]
        #expect(html(pain).contains("Prefer not to answer"))
        #expect(answer(pain, ["pain": ["4"], "pain.dontKnow": ["true"]]) == .dontKnow)
        #expect(answer(pain, ["pain": ["4"]]) == .integer(4))
        #expect(problem(pain, ["pain": ["11"]])?.key == "survey.error.range")
        #expect(html(pain, fields: ["pain.dontKnow": ["true"]]).contains("data-scale-dont-know checked"))
    }

    @Test func continuousScaleStepsByItsFractionDigits() {
        let item = Self.items[2]
        #expect(html(item).contains("step=\"0.1\""))
        #expect(answer(item, ["continuous": ["2.5"]]) == .decimal(2.5))
        #expect(problem(item, ["continuous": ["2.55"]])?.key == "survey.error.rangeDigits")
        #expect(problem(item, ["continuous": ["6"]])?.key == "survey.error.rangeDigits")
        #expect(problem(item, ["continuous": ["lots"]]) != nil)
    }

    @Test func textScaleStopsAreLabelledRadiosWithDontKnow() {
        let item = Self.items[3]
        let page = html(item)
        #expect(page.contains("value=\"low\"> Low</label>"))
        #expect(page.contains("value=\"dontKnow\"> Don"))
        #expect(answer(item, ["textScale": ["high"]]) == .choices(["high"], other: nil))
        #expect(answer(item, ["textScale": ["dontKnow"]]) == .dontKnow)
        #expect(problem(item, ["textScale": ["medium"]])?.key == "survey.error.choice")
    }

    @Test func multipleChoiceRefusesAnExclusiveChoiceWithOthersAndKeepsOtherText() {
        let item = Self.items[4]
        let page = html(item)
        #expect(page.contains("type=\"checkbox\" name=\"multi\" value=\"none\" data-exclusive"))
        #expect(page.contains("name=\"multi.other\""))
        #expect(
            answer(item, ["multi": ["brace", "other"], "multi.other": ["A cane"]])
                == .choices(["brace", "other"], other: "A cane"))
        #expect(problem(item, ["multi": ["brace", "none"]])?.key == "survey.error.choice")
        #expect(problem(item, ["multi": ["wheelchair"]])?.key == "survey.error.choice")
    }

    @Test func numericShowsItsUnitAndRefusesOutOfRangeAndText() {
        let item = Self.items[5]
        #expect(html(item).contains("<span class=\"field-unit\" id=\"numeric-unit\">km</span>"))
        #expect(answer(item, ["numeric": ["2.5"]]) == .decimal(2.5))
        #expect(problem(item, ["numeric": ["51"]])?.arguments == ["min": "0", "max": "50"])
        #expect(problem(item, ["numeric": ["far"]])?.key == "survey.error.range")
    }

    @Test func datesAndTimesAreReadInTheParticipantsZone() throws {
        #expect(answer(Self.items[6], ["date": ["2026-03-09"]]) == .date(try #require(CalendarDate("2026-03-09"))))
        #expect(problem(Self.items[6], ["date": ["2031-01-01"]])?.key == "survey.error.date")
        #expect(problem(Self.items[6], ["date": ["2026-02-30"]])?.key == "survey.error.date")
        let local = answer(Self.items[7], ["dateTime": ["2026-03-09T08:30"]])
        #expect(local == .dateTime(Date(timeIntervalSince1970: 1_773_016_200)), "08:30 in Shanghai is 00:30 UTC")
        #expect(html(Self.items[7]).contains("Asia/Shanghai"))
        #expect(problem(Self.items[7], ["dateTime": ["yesterday"]])?.key == "survey.error.dateTime")
        #expect(answer(Self.items[8], ["time": ["22:15"]]) == .timeOfDay(try #require(TimeOfDay("22:15"))))
        #expect(problem(Self.items[8], ["time": ["25:00"]])?.key == "survey.error.time")
    }

    @Test func intervalIsHoursAndMinutesOnAStep() {
        let item = Self.items[9]
        #expect(answer(item, ["interval.hours": ["1"], "interval.minutes": ["30"]]) == .interval(5400))
        #expect(problem(item, ["interval.hours": ["1"], "interval.minutes": ["7"]])?.key == "survey.error.interval")
        #expect(problem(item, ["interval.hours": ["1"], "interval.minutes": ["75"]])?.key == "survey.error.interval")
        #expect(problem(item, ["interval.hours": ["25"], "interval.minutes": ["0"]])?.key == "survey.error.interval")
    }

    /// Hours whose seconds do not fit an `Int`, and negative or overflowing parts, are a problem on the page:
    /// the conversion never traps (it did on `hours=9999999999999999`).
    @Test(arguments: [
        ("9999999999999999", "0"), ("9223372036854775807", "59"), ("2562047788015215", "59"), ("-1", "30"),
        ("1", "-5"), ("0", "9223372036854775807"), ("99999999999999999999", "0"), ("-9223372036854775808", "0"),
    ])
    func intervalPartsTooLargeOrNegativeAreAProblemNotATrap(_ hours: String, _ minutes: String) {
        let item = Self.items[9]
        #expect(
            problem(item, ["interval.hours": [hours], "interval.minutes": [minutes]])?.key == "survey.error.interval")
        #expect(FormatFields.duration(hours: hours, minutes: minutes) == "\(hours):\(minutes)", "passed on as typed")
    }

    @Test func secondsUpToIntMaxConvertAndTheEngineRefusesThemAsTooLong() {
        // Int.max is 2562047788015215 h 30 min 7 s: one minute more overflows the sum, one hour more the product.
        let item = Self.items[9]
        #expect(FormatFields.duration(hours: "2562047788015215", minutes: "30") == "9223372036854775800")
        #expect(FormatFields.duration(hours: "2562047788015215", minutes: "31") == "2562047788015215:31")
        #expect(FormatFields.duration(hours: "2562047788015216", minutes: "0") == "2562047788015216:0")
        let longest = ["interval.hours": ["2562047788015215"], "interval.minutes": ["30"]]
        #expect(problem(item, longest)?.key == "survey.error.interval")
    }

    @Test func heightPartsThatAreNegativeOrTooLargeAreAProblemNotANumber() {
        let height = Self.items[10]
        for (feet, inches) in [("-1", "100"), ("5", "-3"), ("1e308", "0"), ("0", "1e308")] {
            #expect(
                problem(height, ["height.unit": ["usCustomary"], "height.feet": [feet], "height.inches": [inches]])?
                    .key == "survey.error.height", "\(feet) ft \(inches) in")
            #expect(FormatFields.converted(feet, inches, scale: FormatFields.centimetresPerInch) == "\(feet) \(inches)")
        }
    }

    @Test func heightAndWeightAreStoredMetricWhateverUnitWasTyped() {
        let height = Self.items[10]
        let page = html(height)
        #expect(page.contains("value=\"usCustomary\" checked"))
        #expect(page.contains("name=\"height.feet\"") && page.contains("name=\"height\""))
        #expect(
            answer(height, ["height.unit": ["usCustomary"], "height.feet": ["5"], "height.inches": ["10"]])
                == .decimal(177.8))
        #expect(answer(height, ["height.unit": ["metric"], "height": ["180"]]) == .decimal(180))
        #expect(problem(height, ["height.unit": ["metric"], "height": ["400"]])?.key == "survey.error.height")
        #expect(
            problem(height, ["height.unit": ["usCustomary"], "height.feet": ["tall"]])?.key == "survey.error.height")
        let weight = Self.items[11]
        #expect(answer(weight, ["weight.unit": ["usCustomary"], "weight.pounds": ["150"]]) == .decimal(68))
        #expect(answer(weight, ["weight": ["72.5"]]) == .decimal(72.5))
        #expect(problem(weight, ["weight": ["-3"]])?.key == "survey.error.weight")
    }

    @Test func locationIsTypedOrFromTheBrowserAndChecked() {
        let item = Self.items[12]
        #expect(html(item).contains("data-location-find"))
        #expect(
            answer(item, ["location.latitude": ["31.23"], "location.longitude": ["121.47"]])
                == .location(Location(latitude: 31.23, longitude: 121.47)))
        #expect(
            problem(item, ["location.latitude": ["91"], "location.longitude": ["0"]])?.key == "survey.error.location")
        #expect(
            problem(item, ["location.latitude": ["north"], "location.longitude": ["0"]])?.key == "survey.error.location"
        )
    }

    @Test func textLongerThanItsLimitIsRefused() {
        let item = Self.items[13]
        #expect(html(item).contains("maxlength=\"10\""))
        #expect(problem(item, ["text": ["eleven chars"]])?.key == "survey.error.tooLong")
        #expect(answer(item, ["text": ["short"]]) == .text("short"))
    }

    @Test func answersAreShownInTheParticipantsLanguage() throws {
        let chinese = Localizer(.simplifiedChinese)
        #expect(AnswerText.text(.integer(2), for: Self.items[0], t: chinese, zone: zone) == "第 8 级")
        #expect(AnswerText.text(.dontKnow, for: Self.items[1], t: t, zone: zone) == "Prefer not to answer")
        #expect(AnswerText.text(.interval(5400), for: Self.items[9], t: chinese, zone: zone) == "1 小时 30 分钟")
        #expect(AnswerText.text(.decimal(177.8), for: Self.items[10], t: t, zone: zone) == "177.8 cm (5 ft 10 in)")
        #expect(
            AnswerText.text(.choices(["brace", "other"], other: "A cane"), for: Self.items[4], t: t, zone: zone)
                == "Brace, Something else: A cane")
        #expect(
            AnswerText.text(
                .boolean(true), for: FormItem(id: "b", text: "B", answerFormat: .boolean(BooleanFormat())), t: chinese,
                zone: zone) == "是")
    }

    @Test func bothCatalogsHaveEveryFormatKey() {
        #expect(Set(FormatsCatalog.english.keys) == Set(FormatsCatalog.simplifiedChinese.keys))
        let knee = KneeModel()
        for part in knee.partIDs {
            #expect(FormatsCatalog.english["bodyModel.knee.\(part)"] != nil)
        }
        #expect(Set(knee.partIDs) == Set(RecoverSurveys.Diary.kneeParts))
        let svg = knee.svg.description
        for part in knee.partIDs { #expect(svg.contains("data-part=\"\(part)\"")) }
    }
}

/// The body model step's markup follows docs/components.md §8 for the step's configuration.
struct BodyModelWidgetTests {
    let t = Localizer(.english)

    @Test func highlightsColourAndRequiredSelectionComeFromTheStep() {
        let model = BodyModel(
            modelID: "knee", selectableParts: ["patella", "calf", "elbow"], highlightedParts: ["backOfKnee"],
            highlightColor: "#0055aa", continueAfterSelectionOnly: true)
        let page = BodyModelWidget.render(model, picked: ["calf"], problem: nil, t: t).description
        #expect(page.contains("data-highlight-color=\"#0055aa\""))
        #expect(page.contains("data-highlighted=\"backOfKnee\""))
        #expect(page.contains("Highlighted: Back of the knee."))
        #expect(page.contains("data-require-selection"))
        #expect(page.contains("<legend>Select the parts of your left knee and leg that hurt</legend>"))
        #expect(page.contains("value=\"patella\"> Kneecap (patella)"))
        #expect(page.contains("value=\"calf\" checked> Calf"))
        #expect(!page.contains("value=\"elbow\""), "a part the model does not have is never offered")
        #expect(page.contains("<svg"))
    }

    @Test func aModelWithoutSelectionShowsHighlightsOnly() {
        let model = BodyModel(modelID: "knee", highlightedParts: ["patella"], allowsSelection: false)
        let page = BodyModelWidget.render(model, picked: [], problem: nil, t: t).description
        #expect(page.contains("data-allows-selection=\"false\""))
        #expect(!page.contains("type=\"checkbox\""))
        #expect(!page.contains("data-require-selection"))
        #expect(page.contains("Highlighted: Kneecap (patella)."))
    }

    @Test func anUnknownModelIsNotDrawnAndItsProblemIsShownBesideTheDrawing() {
        let unknown = BodyModelWidget.render(BodyModel(modelID: "shoulder"), picked: [], problem: nil, t: t)
        #expect(unknown.description.contains("This step cannot be shown in the browser."))
        let model = BodyModel(modelID: "knee", selectableParts: ["patella"])
        let page = BodyModelWidget.render(
            model, picked: [], problem: StepProblem(itemID: "parts", key: "survey.error.unknownPart"), t: t
        ).description
        #expect(page.contains("aria-describedby=\"body-model-error\""))
        #expect(
            page.contains(
                "<p class=\"field-error\" id=\"body-model-error\">Choose only parts shown on the drawing.</p>"))
        #expect(BodyModels.provider(for: "knee")?.assetPath == "svg/knee.svg")
    }
}
