import Care
import CareSQLite
import Foundation
import Recover
import RecoverData
import RecoverWeb
import SQLite
import Testing
import Web

/// The weekly diary through the participant pages: ladder, pain with "Prefer not to answer", the knee model,
/// the diary text, the review with Edit, and the card afterwards.
struct DiaryPagesTests {
    let path = "/survey/weeklyDiary/0"
    let ids = RecoverSurveys.Diary.self

    func onboarded() throws -> StudyClient {
        var client = try StudyClient()
        try client.join()
        client.completeOnboarding()
        return client
    }

    func outcomes(_ client: StudyClient) throws -> [Outcome] {
        let account = try #require(try client.directory.account(email: "pat@example.com"))
        return try client.database.read { db in
            try SQLiteCareStore.outcomes(OutcomeQuery(taskIDs: ["\(account.id).\(StudyTaskID.weeklyDiary)"]), in: db)
        }
    }

    @discardableResult
    func page(_ client: inout StudyClient, _ step: String, _ fields: [String: [String]] = [:]) -> Response {
        var form = fields
        form["step"] = [step]
        form["action"] = ["next"]
        return client.post(path, fields: form)
    }

    /// Answers up to the review: rung index 2 (shown as rung 8), pain 5, kneecap and calf, a diary text.
    func answerToReview(_ client: inout StudyClient) {
        client.open(path)
        page(&client, ids.healthStep, [ids.health: ["2"]])
        page(&client, ids.painStep, [ids.pain: ["5"]])
        page(&client, ids.bodyParts, ["parts": ["patella", "calf"]])
        page(&client, ids.textStep, [ids.text: ["Stairs were easier this week."]])
        client.open(path)
    }

    @Test func diaryCardIsInTheFeedFromTheOnboardingDayAndWeekly() throws {
        var client = try onboarded()
        client.get("/")
        #expect(client.lastPage.contains("data-task=\"weeklyDiary\""))
        #expect(client.lastPage.contains("Weekly recovery diary"))
        client.moveToday(by: 3)
        client.get("/")
        #expect(!client.lastPage.contains("data-task=\"weeklyDiary\""))
        client.moveToday(by: 7)
        client.get("/")
        #expect(client.lastPage.contains("href=\"/survey/weeklyDiary/1\""))
    }

    @Test func reviewListsEveryAnswerAndEditComesBackToIt() throws {
        var client = try onboarded()
        answerToReview(&client)
        let review = client.lastPage
        #expect(review.contains("Check your answers"))
        #expect(review.contains("Rung 8"))
        #expect(review.contains("<span class=\"review-answer\">5</span>"))
        #expect(review.contains("Kneecap (patella), Calf"))
        #expect(review.contains("Stairs were easier this week."))
        #expect(review.contains("name=\"edit\" value=\"\(ids.painStep)\""))
        #expect(review.contains(">Submit</button>"))

        let edit = client.post("\(path)/edit", fields: ["edit": [ids.painStep], "step": [ids.review]])
        #expect(edit.status == .seeOther)
        client.open(path)
        #expect(client.lastPage.contains("value=\"5\""), "the pain page shows the answer being edited")
        page(&client, ids.painStep, [ids.pain: ["8"], "\(ids.pain).dontKnow": ["true"]])
        client.open(path)
        #expect(client.lastPage.contains("Check your answers"), "Next after an edit returns to the review")
        #expect(client.lastPage.contains("Prefer not to answer"))

        let bodyEdit = client.post("\(path)/edit", fields: ["edit": [ids.bodyParts], "step": [ids.review]])
        #expect(bodyEdit.status == .seeOther)
        client.open(path)
        #expect(client.lastPage.contains("value=\"patella\" checked"))
        page(&client, ids.bodyParts, ["parts": ["medialJointLine"]])
        client.open(path)
        #expect(client.lastPage.contains("Inner side of the knee (medial joint line)"))

        #expect(try outcomes(client).isEmpty, "nothing is stored before Submit")
        let submitted = page(&client, ids.review)
        #expect(submitted.status == .seeOther)
        let stored = try #require(try outcomes(client).first)
        let kinds = DiaryOutcomeMapping.Kind.self
        #expect(stored.values.first { $0.kind == kinds.health }?.content == .integer(8))
        #expect(stored.values.contains { $0.kind == kinds.painDontKnow })
        #expect(!stored.values.contains { $0.kind == kinds.pain })
        #expect(stored.values.filter { $0.kind == kinds.bodyParts }.map(\.content) == [.text("medialJointLine")])
        client.get("/")
        #expect(
            client.lastPage.contains("Health rung 8 · Pain — · Knee: Inner side of the knee (medial joint line)"))
    }

    @Test func unknownPartsAreRefusedWithAClearMessageAndNothingIsStored() throws {
        var client = try onboarded()
        client.open(path)
        page(&client, ids.healthStep, [ids.health: ["0"]])
        page(&client, ids.painStep, [ids.pain: ["3"]])
        client.open(path)
        #expect(client.lastPage.contains("data-body-model"))
        #expect(client.lastPage.contains("data-part=\"patella\""), "the drawing is inlined")
        #expect(client.lastPage.contains("data-require-selection"))
        #expect(client.lastPage.contains("data-highlight-color=\"#b91c1c\""))
        let refused = page(&client, ids.bodyParts, ["parts": ["patella", "elbow"]])
        #expect(refused.status == .unprocessableContent)
        #expect(client.lastPage.contains("Choose only parts shown on the drawing."))
        #expect(client.lastPage.contains("id=\"body-model-error\""))
        let empty = page(&client, ids.bodyParts)
        #expect(empty.status == .unprocessableContent)
        #expect(client.lastPage.contains("Select at least one part, or skip this step."))
        client.open(path)
        #expect(client.lastPage.contains("data-body-model"), "still on the body model step")
        #expect(try outcomes(client).isEmpty)
    }

    @Test func badDiaryAnswersAreRefusedBesideTheirItem() throws {
        var client = try onboarded()
        client.open(path)
        let rung = page(&client, ids.healthStep, [ids.health: ["12"]])
        #expect(rung.status == .unprocessableContent)
        #expect(client.lastPage.contains("Choose one rung of the ladder."))
        page(&client, ids.healthStep, [ids.health: ["4"]])
        let pain = page(&client, ids.painStep, [ids.pain: ["ten"]])
        #expect(pain.status == .unprocessableContent)
        #expect(client.lastPage.contains("id=\"\(ids.pain)-error\""))
        page(&client, ids.painStep, [ids.pain: ["2"]])
        client.post(path, fields: ["step": [ids.bodyParts], "action": ["skip"]])
        let long = page(&client, ids.textStep, [ids.text: [String(repeating: "a", count: 281)]])
        #expect(long.status == .unprocessableContent)
        #expect(client.lastPage.contains("Use at most 280 characters."))
        #expect(try outcomes(client).isEmpty)
    }

    @Test func backToReviewLeavesTheEditedStepUnchanged() throws {
        var client = try onboarded()
        answerToReview(&client)
        client.post("\(path)/edit", fields: ["edit": [ids.healthStep], "step": [ids.review]])
        client.open(path)
        #expect(client.lastPage.contains("formaction=\"\(path)/review\""))
        #expect(client.lastPage.contains("value=\"2\" checked"))
        let back = client.post("\(path)/review", fields: [ids.health: ["9"], "step": [ids.healthStep]])
        #expect(back.status == .seeOther)
        client.open(path)
        #expect(client.lastPage.contains("Check your answers"))
        #expect(client.lastPage.contains("Rung 8"))
        #expect(!client.lastPage.contains("formaction=\"\(path)/review\""))
        let again = client.post("\(path)/review", fields: [:])
        #expect(again.status == .conflict, "no edit to leave")
    }

    @Test func diaryPagesAndReviewAreInChinese() throws {
        var client = try onboarded()
        client.post("/language", form: ["language": "zh-Hans", "back": "/"])
        client.open(path)
        #expect(client.lastPage.contains("每周康复日记"))
        #expect(client.lastPage.contains("第 10 级：最好的健康状况"))
        page(&client, ids.healthStep, [ids.health: ["2"]])
        client.open(path)
        #expect(client.lastPage.contains("不愿回答"))
        page(&client, ids.painStep, [ids.pain: ["1"], "\(ids.pain).dontKnow": ["true"]])
        client.open(path)
        #expect(client.lastPage.contains("膝盖骨（髌骨）"))
        page(&client, ids.bodyParts, ["parts": ["patella"]])
        page(&client, ids.textStep, [ids.text: ["好多了"]])
        client.open(path)
        #expect(client.lastPage.contains("核对您的回答"))
        #expect(client.lastPage.contains("<span class=\"review-answer\">第 8 级</span>"))
        #expect(client.lastPage.contains("<span class=\"review-answer\">不愿回答</span>"))
        #expect(client.lastPage.contains(">提交</button>"))
        #expect(client.lastPage.contains(">修改</button>"))
    }

    @Test func editIsRefusedOutsideTheReview() throws {
        var client = try onboarded()
        client.open(path)
        page(&client, ids.healthStep, [ids.health: ["4"]])
        let refused = client.post("\(path)/edit", fields: ["edit": [ids.healthStep]])
        #expect(refused.status == .conflict)
        #expect(try outcomes(client).isEmpty)
    }
}
