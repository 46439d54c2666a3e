import Care
import Foundation
import Recover
import RecoverData
import Research
import Testing

/// The console's study-versions page: every version newest first with the day it applies, who applied it and what
/// it changed, in the staff member's language; each version's file as applied.
@Suite struct ConsoleStudyVersionsTests {
    /// The shipped study with a weekly "Function" task and the check-in's title changed, as version 2.
    static func amended() throws -> Data {
        var next = RecoverStudy.shipped
        next.version = 2
        let question = FormItem(
            id: "function.walk", text: "How far could you walk this week?",
            answerFormat: .textChoice(
                TextChoiceFormat(style: .single, choices: [Choice(text: "Outside", value: "outside")])))
        next.surveys.append(
            StudySurvey(
                id: "function", revision: 1,
                languages: ["en": Survey(id: "function", steps: [Step(id: "function.form", kind: .form([question]))])]))
        next.tasks.append(
            StudyTask(
                id: "function", survey: "function", title: ["en": "Function", "zh-Hans": "功能"],
                schedule: [StudyScheduleElement(anchor: .added, every: .weeks(1))]))
        next.tasks.removeAll { $0.id == StudyTaskID.hearingScreening }
        return try StudyFile.write(next)
    }

    @Test func versionsAreListedWithWhatEachChangedInBothLanguages() throws {
        let fixture = try ConsoleFixture()
        try fixture.addStaff("res@example.com", role: .researcher)
        var client = fixture.client()
        client.signIn("res@example.com")
        let before = client.get("/console/study")
        #expect(before.status == .ok)
        #expect(before.text.contains("Version 1"))
        #expect(before.text.contains("Shipped with the server"))
        #expect(before.text.contains("in force"))

        let effective = fixture.today.addingDays(3)
        let file = try Self.amended()
        try StudyDatabase(database: fixture.database).applyStudy(
            file, effective: effective, actor: "cli:study-apply:ops", now: fixture.clock.now)
        let page = client.get("/console/study")
        #expect(page.status == .ok)
        let text = page.text
        #expect(text.contains("href=\"/console/study\" aria-current=\"page\""))
        #expect(text.contains("Version 2"))
        #expect(text.contains(effective.description))
        #expect(text.contains("applies later"))
        #expect(text.contains("operator ops, command line"))
        #expect(text.contains("Task added: Function"))
        #expect(text.contains("Task ended: Hearing screening"))
        #expect(text.contains("Survey added: function"))
        // Version 2 is listed before version 1.
        let two = try #require(text.range(of: "id=\"version-2\""))
        let one = try #require(text.range(of: "id=\"version-1\""))
        #expect(two.lowerBound < one.lowerBound)

        client.headers["accept-language"] = "zh-Hans"
        let chinese = client.get("/console/study").text
        #expect(chinese.contains("新增任务：功能"))
        #expect(chinese.contains("任务结束：听力筛查"))
        #expect(chinese.contains("待生效"))

        let download = client.get("/console/study/2.json")
        #expect(download.status == .ok)
        #expect(download.body == Array(file))
        #expect(download.header("Content-Disposition") == "attachment; filename=\"study-version-2.json\"")
        // The shipped version was stored, as it was, when the first amendment was applied.
        #expect(client.get("/console/study/1.json").body == Array(RecoverStudy.shippedFile))
        #expect(text.contains("the start of the study"))
        for bad in ["9.json", "0.json", "99999999999999999999.json", "2.txt", "x.json"] {
            #expect(client.get("/console/study/\(bad)").status == .notFound, "\(bad)")
        }
    }

    @Test func theShippedFileIsOfferedBeforeAnyAmendmentAndOnlyToStaff() throws {
        let fixture = try ConsoleFixture()
        try fixture.addStaff("res@example.com", role: .researcher)
        try fixture.addParticipant("pat@example.com")
        var client = fixture.client()
        client.signIn("res@example.com")
        let download = client.get("/console/study/1.json")
        #expect(download.status == .ok)
        #expect(download.body == Array(RecoverStudy.shippedFile))
        var participant = fixture.client()
        participant.signIn("pat@example.com")
        #expect(participant.get("/console/study").status == .forbidden)
        #expect(participant.get("/console/study/1.json").status == .forbidden)
    }
}

/// The console participant page's KOOS table: a row per questionnaire, newest first, the subscales named.
@Suite struct ConsoleKneeScoresTests {
    @Test func subscaleScoresAreShownPerQuestionnaire() throws {
        let fixture = try ConsoleFixture()
        try fixture.addStaff("res@example.com", role: .researcher)
        let alice = try fixture.addParticipant("alice@example.com", joinedDaysAgo: 10)
        let task = CareTask(
            id: "\(alice).koos", title: "KOOS", carePlanID: "plan-\(alice)",
            schedule: .dailyAllDay(from: fixture.today.addingDays(-10)), groupIdentifier: "koos",
            effectiveDate: fixture.today.addingDays(-10).startOfDay)
        try StudyStorage(fixture.database).write { db in
            _ = try db.care.addTask(task)
            for (occurrence, pain) in [(0, 55.5), (10, 69.444)] {
                _ = try db.care.addOutcome(
                    Outcome(
                        taskID: task.id, taskVersionID: task.versionID, occurrenceIndex: occurrence,
                        values: [
                            OutcomeValue(.double(pain), kind: "koos.pain"), OutcomeValue(.double(50), kind: "koos.qol"),
                        ], createdDate: fixture.clock.now))
            }
        }
        var client = fixture.client()
        client.signIn("res@example.com")
        let whole = client.get("/console/participants/\(alice)").text
        let page = try #require(whole.components(separatedBy: "<h3>Knee questionnaire (KOOS)</h3>").dropFirst().first)
        #expect(page.contains("<th scope=\"col\">KOOS pain</th>"))
        let newest = try #require(page.range(of: "<th scope=\"row\">\(fixture.today)</th>"))
        let oldest = try #require(page.range(of: "<th scope=\"row\">\(fixture.today.addingDays(-10))</th>"))
        #expect(newest.lowerBound < oldest.lowerBound)
        #expect(page.contains("<td>fewer than half answered</td><td>69.4</td>"))
    }
}
