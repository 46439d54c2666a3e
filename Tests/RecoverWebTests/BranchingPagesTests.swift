import Care
import CareSQLite
import Foundation
import Recover
import RecoverData
import Research
import Testing
import Web

@testable import RecoverWeb

/// Conditional questions on the participant pages, through the diary's falls section: rendered hidden with
/// their rule for the script, shown again by the server when a post without script reveals them, and never
/// stored while hidden.
struct BranchingPagesTests {
    let path = "/survey/weeklyDiary/0"
    let ids = RecoverSurveys.Diary.self
    let kinds = DiaryOutcomeMapping.Kind.self

    /// A participant on the diary's last page (falls and the diary text).
    func onLastPage() throws -> StudyClient {
        var client = try StudyClient()
        try client.join()
        client.completeOnboarding()
        client.open(path)
        page(&client, ids.healthStep, [ids.health: ["2"]])
        page(&client, ids.painStep, [ids.pain: ["5"]])
        page(&client, ids.bodyParts, ["parts": ["patella"]])
        client.open(path)
        return client
    }

    @discardableResult
    func page(_ client: inout StudyClient, _ step: String, _ fields: [String: [String]] = [:]) -> Response {
        var form = fields
        form["step"] = [step]
        form["action"] = ["next"]
        return client.post(path, fields: form)
    }

    func outcomeValues(_ client: StudyClient) throws -> [OutcomeValue] {
        let account = try #require(try client.directory.account(email: "pat@example.com"))
        let outcomes = try client.database.read { db in
            try SQLiteCareStore.outcomes(OutcomeQuery(taskIDs: ["\(account.id).\(StudyTaskID.weeklyDiary)"]), in: db)
        }
        return try #require(outcomes.first).values
    }

    /// The opening tag of the conditional question's wrapper.
    func wrapper(_ html: String) throws -> String {
        let start = try #require(html.range(of: "<fieldset class=\"conditional-item\""))
        let end = try #require(html[start.upperBound...].firstIndex(of: ">"))
        return String(html[start.lowerBound...end])
    }

    @Test func theConditionalQuestionIsRenderedHiddenWithItsRuleAndSectionAndDetail() throws {
        let client = try onLastPage()
        let html = client.lastPage
        #expect(html.contains("<h2 class=\"form-section-title\" id=\"diary.fall-section\">Falls</h2>"))
        #expect(html.contains("<section class=\"form-section\" aria-labelledby=\"diary.fall-section\">"))
        #expect(html.contains("<p class=\"field-hint\" id=\"diary.fall-detail\">A near-fall is when"))
        #expect(html.contains("aria-describedby=\"diary.fall-detail\""), "the detail describes the question")
        let tag = try wrapper(html)
        #expect(tag.contains(" hidden disabled"), "hidden, and disabled so nothing in it posts")
        #expect(tag.contains("data-answer-types=\"{&quot;diary.fall&quot;:&quot;boolean&quot;}\""))
        #expect(
            tag.contains(
                "data-visible-when=\"{&quot;answer&quot;:{&quot;type&quot;:&quot;boolean&quot;,&quot;value&quot;:true},"
                    + "&quot;item&quot;:&quot;diary.fall&quot;,&quot;step&quot;:&quot;diary.text&quot;,"
                    + "&quot;type&quot;:&quot;equals&quot;}\""))
        #expect(html.contains("What happened? Choose all that apply."))
        #expect(html.contains("<input type=\"hidden\" name=\"shownItems\" value=\"\">"))
        #expect(html.contains("<input type=\"hidden\" name=\"shownItems\" value=\"diary.fall.what\">"))
        #expect(html.contains("/js/branching.js"), "the page loads the branching module")
    }

    @Test func aPostWithoutScriptThatRevealsAQuestionShowsThePageAgainWithItAndTheAnswersKept() throws {
        var client = try onLastPage()
        // What a browser without script posts: the empty marker only, since the wrapper was disabled.
        let first = page(
            &client, ids.textStep, [ids.fall: ["true"], ids.text: ["Caught my foot"], StepItems.shownField: [""]])
        #expect(first.status == .ok, "no error: the participant had not seen the question")
        let html = client.lastPage
        #expect(!html.contains("error-summary"))
        #expect(html.contains("id=\"revealed-notice\""))
        #expect(html.contains("Your answer added a question to this page."))
        #expect(html.contains("<a href=\"#diary.fall.what-when\">What happened? Choose all that apply.</a>"))
        #expect(!(try wrapper(html)).contains("hidden"), "the question is shown now")
        #expect(!(try wrapper(html)).contains("data-visible-when"), "and the server keeps it shown")
        #expect(html.contains("value=\"true\" checked"), "yes stays chosen")
        #expect(html.contains(">Caught my foot</textarea>"), "the diary text is kept")
        #expect(html.contains("name=\"step\" value=\"\(ids.textStep)\""), "still the same page")

        let second = page(
            &client, ids.textStep,
            [
                ids.fall: ["true"], ids.fallWhat: ["tripped", "kneeGaveWay"], ids.text: ["Caught my foot"],
                StepItems.shownField: ["", ids.fallWhat],
            ])
        #expect(second.status == .seeOther)
        client.open(path)
        #expect(client.lastPage.contains("Check your answers"))
        #expect(client.lastPage.contains("I tripped or slipped, My knee gave way"), "as posted")
        #expect(page(&client, ids.review).status == .seeOther)
        let values = try outcomeValues(client)
        #expect(values.first { $0.kind == kinds.fall }?.content == .boolean(true))
        #expect(values.filter { $0.kind == kinds.fallWhat }.map(\.content) == [.text("kneeGaveWay"), .text("tripped")])
    }

    @Test func aShownOptionalQuestionLeftEmptyGoesOnAndRecordsNothing() throws {
        var client = try onLastPage()
        // With script the question was shown (its marker posted) and left empty: no second round.
        let posted = page(&client, ids.textStep, [ids.fall: ["true"], StepItems.shownField: ["", ids.fallWhat]])
        #expect(posted.status == .seeOther)
        #expect(page(&client, ids.review).status == .seeOther)
        let values = try outcomeValues(client)
        #expect(values.contains { $0.kind == kinds.fall })
        #expect(!values.contains { $0.kind == kinds.fallWhat })
    }

    @Test func theAnswerToAHiddenQuestionIsNeitherRequiredNorStored() throws {
        var client = try onLastPage()
        // "No" hides the question; a post that still carries an answer to it (a crafted one) has it dropped.
        let posted = page(
            &client, ids.textStep, [ids.fall: ["false"], ids.fallWhat: ["tripped"], StepItems.shownField: [""]])
        #expect(posted.status == .seeOther)
        client.open(path)
        #expect(!client.lastPage.contains("What happened?"), "the review does not list the hidden question")
        #expect(page(&client, ids.review).status == .seeOther)
        let values = try outcomeValues(client)
        #expect(values.first { $0.kind == kinds.fall }?.content == .boolean(false))
        #expect(!values.contains { $0.kind == kinds.fallWhat })
    }

    @Test func theQuestionIsShownWhenThePageIsOpenedAgainWithYesInTheDraft() throws {
        var client = try onLastPage()
        page(
            &client, ids.textStep,
            [ids.fall: ["true"], ids.fallWhat: ["lostBalance"], StepItems.shownField: ["", ids.fallWhat]])
        let edit = client.post("\(path)/edit", fields: ["edit": [ids.textStep], "step": [ids.review]])
        #expect(edit.status == .seeOther)
        client.open(path)
        let html = client.lastPage
        #expect(!(try wrapper(html)).contains("hidden"))
        #expect(html.contains("value=\"lostBalance\" checked"))
        // Changing to no hides it on the server too: its answer is not kept.
        page(&client, ids.textStep, [ids.fall: ["false"], StepItems.shownField: [""]])
        #expect(page(&client, ids.review).status == .seeOther)
        #expect(!(try outcomeValues(client)).contains { $0.kind == kinds.fallWhat })
    }

    @Test(arguments: FormatsTests.items)
    func everyFormatsDetailTextIsUnderItsQuestionAndDescribesIt(item: FormItem) {
        var item = item
        item.detail = "Counted since your operation."
        let t = Localizer(.english)
        let html =
            (FormatWidget(item: item, fields: [:], error: "Wrong", t: t, zone: .gmt).render()
            ?? StepWidgets.item(item, value: "", error: "Wrong", t: t)).description
        #expect(html.contains("<p class=\"field-hint\" id=\"\(item.id)-detail\">Counted since your operation.</p>"))
        let described = html.ranges(of: "aria-describedby=\"").compactMap { range in
            html[range.upperBound...].split(separator: "\"", maxSplits: 1).first.map(String.init)
        }
        #expect(
            described.contains { $0.hasPrefix("\(item.id)-detail") && $0.hasSuffix("\(item.id)-error") },
            "\(item.id): \(described)")
    }

    @Test func theConsoleNamesTheFallAnswersInTheStaffMembersLanguage() {
        let fell = OutcomeValue(.boolean(true), kind: kinds.fall)
        let what = OutcomeValue(.text("kneeGaveWay"), kind: kinds.fallWhat)
        let english = Localizer(.english)
        let chinese = Localizer(.simplifiedChinese)
        #expect(ConsoleAnswers.outcomeValue(fell, t: english) == ("Fall or near-fall", "yes"))
        #expect(ConsoleAnswers.outcomeValue(what, t: english) == ("What happened", "My knee gave way"))
        #expect(ConsoleAnswers.outcomeValue(what, t: chinese) == ("发生了什么", "膝盖突然发软"))
    }

    /// The shipped study plus a weekly "function" survey: did you walk outdoors; how far (a step skipped
    /// unless yes); and a last page whose "Where did you go?" shows only after yes on the first page.
    func withFunctionSurvey() -> StudyDefinition {
        var next = RecoverStudy.shipped
        next.version += 1
        let walked = FormItem(id: "walked", text: "Did you walk outdoors?", answerFormat: .boolean(BooleanFormat()))
        let distance = FormItem(
            id: "distance", text: "How far, in km?", answerFormat: .numeric(NumericFormat(style: .decimal)))
        let place = FormItem(
            id: "place", text: "Where did you go?", answerFormat: .text(TextFormat()), isOptional: true,
            visibleWhen: .equals(step: "function.walk", item: "walked", answer: .boolean(true)))
        let note = FormItem(id: "note", text: "Anything else?", answerFormat: .text(TextFormat()), isOptional: true)
        let survey = Survey(
            id: "function",
            steps: [
                Step(id: "function.walk", title: "Function", kind: .question(walked)),
                Step(id: "function.distance", title: "Distance", kind: .question(distance)),
                Step(id: "function.end", title: "Last", kind: .form([place, note])),
            ],
            skipRules: [
                "function.distance": .not(.equals(step: "function.walk", item: "walked", answer: .boolean(true)))
            ])
        next.surveys.append(StudySurvey(id: "function", revision: 1, languages: ["en": survey]))
        next.tasks.append(
            StudyTask(
                id: "function", survey: "function", title: ["en": "Function", "zh-Hans": "功能"],
                schedule: [StudyScheduleElement(anchor: .added, every: .weeks(1))]))
        return next
    }

    @Test func aStudyFileSurveySkipsAStepAndSettlesARuleOverAnEarlierPage() throws {
        var client = try StudyClient()
        try client.join()
        client.completeOnboarding()
        let today = LocalDateTime(instant: client.fixture.clock.now, in: TimeZone(identifier: "Etc/GMT+12") ?? .gmt)
            .date
        _ = try StudyDatabase(database: client.database).applyStudy(
            try StudyFile.write(withFunctionSurvey()), effective: today, actor: "cli:test",
            now: client.fixture.clock.now)
        let path = "/survey/function/0"
        func post(_ step: String, _ fields: [String: [String]]) -> Response {
            var form = fields
            form["step"] = [step]
            form["action"] = ["next"]
            return client.post(path, fields: form)
        }
        client.open(path)
        #expect(client.lastPage.contains("Did you walk outdoors?"))
        #expect(post("function.walk", ["walked": ["false"]]).status == .seeOther)
        client.open(path)
        #expect(client.lastPage.contains("Anything else?"), "no: the distance step is skipped")
        #expect(client.lastPage.contains("Step 3 of 3"))
        let tag = try wrapper(client.lastPage)
        #expect(tag.contains(" hidden disabled"))
        #expect(
            tag.contains("data-visible-when=\"{&quot;predicates&quot;:[],&quot;type&quot;:&quot;any&quot;}\""),
            "the first page's no is settled: never, on this page")

        let back = client.post(path, fields: ["step": ["function.end"], "action": ["back"]])
        #expect(back.status == .seeOther)
        #expect(post("function.walk", ["walked": ["true"]]).status == .seeOther)
        client.open(path)
        #expect(client.lastPage.contains("How far, in km?"), "yes: the distance step is shown")
        #expect(post("function.distance", ["distance": ["2.5"]]).status == .seeOther)
        client.open(path)
        let shown = try wrapper(client.lastPage)
        #expect(!shown.contains("hidden"))
        #expect(shown.contains("data-visible-when=\"{&quot;predicates&quot;:[],&quot;type&quot;:&quot;all&quot;}\""))
    }

    @Test func aRuleOverAnEarlierPageIsSettledBeforeTheBrowserSeesIt() throws {
        let pain = FormItem(id: "pain", text: "Pain", answerFormat: .scale(ScaleFormat(minimum: 1, maximum: 10)))
        let when = FormItem(
            id: "when", text: "When did it start?", answerFormat: .date(DateFormat()), isOptional: true)
        let why = FormItem(
            id: "why", text: "Why?", answerFormat: .text(TextFormat()), isOptional: true,
            visibleWhen: .all([
                .atLeast(step: "first", item: "pain", value: 7), .answered(step: "second", item: "note"),
            ]))
        let byDate = FormItem(
            id: "byDate", text: "Since then?", answerFormat: .boolean(BooleanFormat()), isOptional: true,
            visibleWhen: .answered(step: "second", item: "when"))
        let note = FormItem(id: "note", text: "Note", answerFormat: .text(TextFormat()), isOptional: true)
        let survey = Survey(
            id: "s",
            steps: [
                Step(id: "first", kind: .question(pain)), Step(id: "second", kind: .form([note, when, why, byDate])),
            ])
        var run = try SurveyRun(survey: survey, runID: "r", startDate: .now)
        _ = run.submit(StepSubmission(answers: ["pain": .integer(8)]), for: "first", in: survey, at: .now)
        let step = try #require(survey.step("second"))
        let settled = try #require(why.visibleWhen).settled(keeping: "second") { run.answer(step: $0, item: $1) }
        #expect(settled == .all([.alwaysTrue, .answered(step: "second", item: "note")]))
        #expect(StepItems.scriptType(note.answerFormat) == "text")
        #expect(StepItems.scriptType(when.answerFormat) == nil, "the script does not read dates")
        #expect(run.isVisible(why, on: step, pageAnswers: ["note": .text("x")]))
        #expect(!run.isVisible(why, on: step, pageAnswers: [:]))
        #expect(!run.isVisible(byDate, on: step, pageAnswers: [:]))
    }
}
