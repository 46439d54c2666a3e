import Care
import CareSQLite
import Foundation
import Recover
import RecoverData
import RecoverWeb
import SQLite
import Testing
import Web

/// A participant who said "right knee" measures the right knee everywhere (the range-of-motion pages, the feed
/// card, the insights, the diary's body model), and corrects the knee and the surgery date on the account page.
struct OperatedKneePagesTests {
    func rightKnee() throws -> StudyClient {
        var client = try StudyClient()
        try client.join()
        client.completeOnboarding(knee: "right")
        return client
    }

    @Test func theRangeOfMotionPagesTheFeedAndInsightsSayTheRightKnee() throws {
        var client = try rightKnee()
        client.get("/")
        #expect(client.lastPage.contains("Measure how far you can bend your right knee."))
        #expect(!client.lastPage.contains("left knee"))
        client.open("/survey/rangeOfMotionCheck/0")
        #expect(client.lastPage.contains("This measures how far you can bend your right knee."))
        #expect(client.lastPage.contains("right foot flat on the floor"))
        client.post("/survey/rangeOfMotionCheck/0", form: ["step": "rom.instruction", "action": "next"])
        client.open("/survey/rangeOfMotionCheck/0")
        #expect(client.lastPage.contains("data-rom-limb=\"right\""))
        #expect(client.lastPage.contains("You are measuring your right knee."))
        #expect(client.lastPage.contains("Sit on a chair with your right foot flat on the floor."))
        #expect(!client.lastPage.contains("left"))
        client.post(
            "/survey/rangeOfMotionCheck/0",
            form: ["step": "knee.range.of.motion", "action": "next", "range.manualAngle": "82"])
        let account = try #require(try client.directory.account(email: "pat@example.com"))
        let outcome = try #require(
            try client.database.read { db in
                try SQLiteCareStore.outcomes(OutcomeQuery(taskIDs: ["\(account.id).rangeOfMotionCheck"]), in: db)
            }.first)
        #expect(outcome.values.contains(OutcomeValue(.text("right"), kind: "range.limb")))
        let result = try #require(
            SurveyDataStore(database: client.database).results(
                patientID: account.id, taskID: "\(account.id).rangeOfMotionCheck"
            ).first)
        #expect(
            String(decoding: result.json, as: UTF8.self).replacingOccurrences(of: " ", with: "").contains(
                "\"limb\":\"right\""))
        client.get("/insights")
        #expect(client.lastPage.contains("Right knee range of motion"))
        client.get("/account")
        client.post("/account/preferences", form: ["language": "zh-Hans", "timeZone": "Asia/Shanghai"])
        client.get("/")
        #expect(client.lastPage.contains("右膝"))
        client.get("/insights")
        #expect(client.lastPage.contains("右膝活动范围"))
    }

    @Test func theDiaryBodyModelIsTheRightKneeMirrored() throws {
        var client = try rightKnee()
        let path = "/survey/weeklyDiary/0"
        client.open(path)
        client.post(path, form: ["step": "diary.health", "action": "next", "diary.health.rung": "8"])
        client.post(path, form: ["step": "diary.pain", "action": "next", "diary.pain.level": "5"])
        client.open(path)
        #expect(client.lastPage.contains("data-body-model"))
        #expect(client.lastPage.contains("data-side=\"right\""))
        #expect(client.lastPage.contains("right knee"))
    }

    @Test func theAccountPageCorrectsTheKneeAndTheDateAndRefusesBadDates() throws {
        var client = try rightKnee()
        client.get("/account")
        #expect(client.lastPage.contains("Your surgery"))
        #expect(client.lastPage.contains("<dd data-surgery-knee>Right knee</dd>"))
        #expect(client.lastPage.contains("name=\"knee\" value=\"right\" checked"))

        let future = client.post("/account/surgery", form: ["knee": "left", "surgeryDate": "2999-01-01"])
        #expect(future.status == .unprocessableContent)
        #expect(client.lastPage.contains("The surgery date cannot be in the future."))
        let garbled = client.post("/account/surgery", form: ["knee": "both", "surgeryDate": "yesterday"])
        #expect(garbled.status == .unprocessableContent)
        #expect(client.lastPage.contains("Choose the knee that was operated on."))
        #expect(client.lastPage.contains("Enter the date as year, month and day"))
        let old = client.post("/account/surgery", form: ["knee": "left", "surgeryDate": "2001-01-01"])
        #expect(old.status == .unprocessableContent)
        #expect(client.lastPage.contains("The surgery date cannot be before"))
        #expect(client.post("/account/surgery", fields: ["knee": ["left"]], includeCSRF: false).status == .forbidden)
        client.get("/account")
        #expect(client.lastPage.contains("<dd data-surgery-knee>Right knee</dd>"))
        #expect(client.get("/account/surgery").status == .ok)
        #expect(client.lastPage.contains("action=\"/account/surgery\""))

        let date = client.surgeryDate
        let saved = client.post("/account/surgery", form: ["knee": "left", "surgeryDate": date])
        #expect(saved.status == .seeOther)
        client.get("/account")
        #expect(client.lastPage.contains("<dd data-surgery-knee>Left knee</dd>"))
        client.get("/")
        #expect(client.lastPage.contains("Measure how far you can bend your left knee."))
        let account = try #require(try client.directory.account(email: "pat@example.com"))
        let entries = try client.database.read { db in
            try AuditTrail.entries(forParticipant: account.id, limit: 1000, in: StoreConnection(db))
        }
        #expect(entries.contains { $0.entityType == "care_outcome" && $0.action == .delete })
        client.post("/account/preferences", form: ["language": "zh-Hans", "timeZone": "Asia/Shanghai"])
        client.get("/account")
        #expect(client.lastPage.contains("您的手术") && client.lastPage.contains("左膝"))
    }
}
