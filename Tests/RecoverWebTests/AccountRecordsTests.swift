import Care
import CareSQLite
import ExportFormats
import Exports
import Foundation
import Recover
import SQLite
import Testing
import Web

@testable import RecoverData
@testable import RecoverWeb

@Suite struct AccountRecordsTests {
    private func seeded() throws -> (RecordsHarness, RecordsHarness.Participant, RecordsHarness.Participant) {
        let harness = try RecordsHarness()
        let pat = try harness.participant("pat@example.com")
        let sam = try harness.participant("sam@example.com")
        try harness.completeOnboarding(pat, goal: 120)
        try harness.completeOnboarding(sam)
        try harness.checkin(pat, daysAgo: 1, pain: 4, sleep: 6)
        try harness.checkin(sam, daysAgo: 1, pain: 9, sleep: 2)
        return (harness, pat, sam)
    }

    @Test func csvHasOneRowPerOutcomeValueWithTheDocumentedColumns() throws {
        let (harness, pat, _) = try seeded()
        var browser = harness.browser(signingIn: "pat@example.com")
        let response = browser.get("/account/data.csv")
        #expect(response.status == .ok)
        #expect(response.header("Content-Type") == "text/csv; charset=utf-8")
        #expect(response.header("Content-Disposition") == "attachment; filename=\"recover-data.csv\"")
        #expect(response.header("Cache-Control") == "no-store")
        // A UTF-8 byte order mark first, so that spreadsheets read Chinese text as UTF-8.
        #expect(Array(response.body.prefix(3)) == [0xEF, 0xBB, 0xBF])
        let lines = response.text.split(separator: "\r\n").map(String.init)
        #expect(lines.first == "\u{FEFF}task,occurrence,event_date,kind,value,unit,recorded_at")
        // Onboarding: completion date and knee bend; check-in: pain and sleep.
        #expect(lines.count == 5)
        let day = harness.today().addingDays(-1)
        let painRow = try #require(lines.first { $0.contains(",checkin.form.pain,") })
        let fields = painRow.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        #expect(fields.count == 7)
        #expect(fields[0] == pat.checkin.id)
        #expect(fields[1] == "39")
        #expect(fields[2] == day.description)
        #expect(fields[4] == "4")
        #expect(lines.contains { $0.contains(",checkin.form.sleep,6,h,") })
    }

    @Test func jsonHasOutcomeValuesAndSurveyResultsOfTheParticipantOnly() throws {
        let (harness, pat, sam) = try seeded()
        _ = try SurveyDataStore(database: harness.database).saveResult(
            SurveyResultRecord(
                id: "run-pat", patientID: pat.account.id, taskID: pat.checkin.id, occurrence: 39, surveyID: "checkin",
                completedAt: harness.clock.now, json: Data(#"{"surveyID":"checkin","answer":4}"#.utf8)))
        _ = try SurveyDataStore(database: harness.database).saveResult(
            SurveyResultRecord(
                id: "run-sam", patientID: sam.account.id, taskID: sam.checkin.id, occurrence: 39, surveyID: "checkin",
                completedAt: harness.clock.now, json: Data(#"{"surveyID":"checkin","answer":9}"#.utf8)))
        var browser = harness.browser(signingIn: "pat@example.com")
        let response = browser.get("/account/data.json")
        #expect(response.header("Content-Disposition") == "attachment; filename=\"recover-data.json\"")
        #expect(response.header("Cache-Control") == "no-store")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        let values = try #require(json["outcomeValues"] as? [[String: Any]])
        #expect(values.count == 4)
        #expect(values.allSatisfy { ($0["task"] as? String)?.hasPrefix(pat.account.id) == true })
        let pain = try #require(values.first { $0["kind"] as? String == "checkin.form.pain" })
        #expect((pain["content"] as? [String: Any])?["integer"] as? Int == 4)
        let results = try #require(json["surveyResults"] as? [[String: Any]])
        #expect(results.map { $0["id"] as? String } == ["run-pat"])
        #expect((results.first?["result"] as? [String: Any])?["answer"] as? Double == 4)
        #expect(!response.text.contains(sam.account.id))
        #expect(!response.text.contains("run-sam"))
    }

    @Test func csvNumbersHaveNoFloatNoise() {
        #expect(ParticipantDataExport.text(.double(70.00000000000003)) == "70.0")
        #expect(ParticipantDataExport.text(.double(0.1 + 0.2)) == "0.3")
        #expect(ParticipantDataExport.text(.double(7.5)) == "7.5")
        #expect(ParticipantDataExport.text(.integer(12)) == "12")
    }

    @Test func csvNumbersHaveTheirItemsPrecisionAsInTheStudyExport() throws {
        let (harness, pat, _) = try seeded()
        try harness.record(
            pat.checkin, on: harness.today(zone: pat.zone), zone: pat.zone,
            values: [
                OutcomeValue(.double(70.04999), kind: RangeOfMotionOutcomeMapping.kind, unit: "°"),
                OutcomeValue(.double(5.000000001), kind: RecoveryInsights.Kind.pain),
                OutcomeValue(.double(0.1 + 0.2), kind: "some.kind.the.study.does.not.define"),
            ])
        var browser = harness.browser(signingIn: "pat@example.com")
        let lines = browser.get("/account/data.csv").text.split(separator: "\r\n").map(String.init)
        let value = { (kind: String) in
            lines.first { $0.contains(",\(kind),") }?.split(separator: ",", omittingEmptySubsequences: false)
                .map(String.init)[4]
        }
        #expect(value(RangeOfMotionOutcomeMapping.kind) == "70.0", "0.1°, as the console shows it")
        #expect(lines.contains { $0.contains(",\(RecoveryInsights.Kind.pain),5,") }, "a scale: whole numbers")
        #expect(value("some.kind.the.study.does.not.define") == "0.3", "no precision of its own: 6 places")
    }

    @Test func csvNeutralisesFormulasAndQuotesSeparators() {
        // The participant's CSV uses the study export's cells (Exports' CSVCell): one rule for both.
        #expect(CSVCell.encode("=SUM(A1)") == "'=SUM(A1)")
        #expect(CSVCell.encode("-3") == "-3")
        #expect(CSVCell.encode("walk, then run") == "\"walk, then run\"")
        #expect(CSVCell.encode("\t=1+1") == "'\t=1+1")
        #expect(CSVCell.encode("\r=1+1") == "\"'\r=1+1\"")
    }

    @Test func aValidTimeZoneChangesTheAccountAndThePatient() throws {
        let (harness, pat, _) = try seeded()
        var browser = harness.browser(signingIn: "pat@example.com")
        browser.get("/account")
        let response = browser.post("/account/time-zone", form: ["timeZone": "Europe/Berlin"])
        #expect(response.status == .seeOther)
        #expect(try harness.directory.account(id: pat.account.id)?.timeZone == "Europe/Berlin")
        let patient = try harness.database.read { db in try SQLiteCareStore.patient(id: pat.account.id, in: db) }
        #expect(patient?.timeZoneIdentifier == "Europe/Berlin")
    }

    @Test func aBadTimeZoneIsARefusalWithAReadableMessageThatChangesNothing() throws {
        let (harness, pat, _) = try seeded()
        var browser = harness.browser(signingIn: "pat@example.com")
        browser.get("/account")
        // Foundation knows "GMT+0500" and "Etc/GMT-3", the list does not offer them: refused like the others.
        for zone in ["Mars/Olympus", "", "../../etc/passwd", "<script>", "GMT+0500", "Etc/GMT-3"] {
            let response = browser.post("/account/time-zone", form: ["timeZone": zone])
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains("That is not a time zone we know, so nothing was changed."))
            #expect(response.text.contains("role=\"alert\" id=\"timeZone-error\""))
            #expect(response.text.contains("aria-describedby=\"timeZone-hint timeZone-error\" aria-invalid=\"true\""))
            #expect(response.text.contains("<option value=\"Asia/Shanghai\""), "the form again, the zone kept")
            #expect(response.text.contains("href=\"/account\""))
            #expect(!response.text.contains("<script>"))
        }
        #expect(try harness.directory.account(id: pat.account.id)?.timeZone == "Asia/Shanghai")
        let patient = try harness.database.read { db in try SQLiteCareStore.patient(id: pat.account.id, in: db) }
        #expect(patient?.timeZoneIdentifier == "Asia/Shanghai")
        // The form's own page, as after a refusal (reloaded, or in the other language).
        let own = browser.get("/account/time-zone")
        #expect(own.status == .ok)
        #expect(own.text.contains("action=\"/account/time-zone\""))
        #expect(!own.text.contains("timeZone-error"))
    }

    @Test func theAccountPageOffersTimeZoneDownloadsAndWithdrawal() throws {
        let (harness, _, _) = try seeded()
        var browser = harness.browser(signingIn: "pat@example.com")
        let page = browser.get("/account").text
        #expect(page.contains("action=\"/account/time-zone\""))
        #expect(page.contains("Your tasks follow the clock of Shanghai (UTC+8)."))
        #expect(page.contains("<optgroup label=\"Asia\">"))
        // Each option carries what the filter box finds it by: ICU's city and country in both languages.
        #expect(
            page.contains(
                "<option value=\"Asia/Shanghai\" data-also=\"Shanghai China mainland 上海 中国大陆 Asia/Shanghai\" selected>Shanghai (UTC+8)</option>"
            ))
        #expect(page.contains("data-also=\"Zurich Switzerland 苏黎世 瑞士 Europe/Zurich\">Zurich (UTC+"))
        #expect(!page.contains("value=\"Asia/Chongqing\""), "an alias of Shanghai is not listed twice")
        #expect(page.contains("data-browser-zone-for=\"timeZone\""))
        #expect(page.contains("<div class=\"field\" data-zone-filter=\"timeZone\" hidden>"), "the filter needs script")
        #expect(page.contains("href=\"/account/data.csv\""))
        #expect(page.contains("href=\"/account/data.json\""))
        #expect(page.contains("href=\"/account/consent\""))
        #expect(page.contains("href=\"/account/withdraw\""))
    }

    @Test func withdrawalWithoutTheCSRFTokenChangesNothing() throws {
        let (harness, pat, _) = try seeded()
        var browser = harness.browser(signingIn: "pat@example.com")
        browser.get("/account/withdraw")
        let response = browser.post("/account/withdraw", form: [:], includeCSRF: false)
        #expect(response.status == .forbidden)
        #expect(try harness.directory.account(id: pat.account.id)?.withdrawnAt == nil)
        #expect(try harness.records.taskHistory(patientID: pat.account.id).count == 6)
    }

    @Test func withdrawalStopsSchedulesFromTodayAndKeepsEverything() throws {
        let (harness, pat, sam) = try seeded()
        var browser = harness.browser(signingIn: "pat@example.com")
        let confirmation = browser.get("/account/withdraw")
        #expect(confirmation.status == .ok)
        #expect(confirmation.text.contains("action=\"/account/withdraw\""))
        let response = browser.post("/account/withdraw", form: [:])
        #expect(response.status == .seeOther)
        #expect(try harness.directory.account(id: pat.account.id)?.withdrawnAt == harness.clock.now)
        let audit = try AuditTrail(database: harness.database).entries(forParticipant: pat.account.id, limit: 20)
        #expect(audit.filter { $0.actor == "account:\(pat.account.id)" }.count == 6)

        let today = harness.today()
        let history = try harness.records.taskHistory(patientID: pat.account.id)
        // Onboarding, check-in, the diary and the optional video and hearing tasks get a version ending today;
        // range of motion had already ended (one month).
        #expect(history.count == 11)
        #expect(history.filter { $0.id == pat.checkin.id }.last?.schedule.elements.first?.end == today.startOfDay)
        let ids = pat.tasks.map(\.id)
        let (todayEvents, yesterdayEvents, futureEvents, samEvents) = try harness.database.read { db in
            (
                try SQLiteCareStore.events(EventQuery(day: today, timeZoneIdentifier: pat.zone, taskIDs: ids), in: db),
                try SQLiteCareStore.events(
                    EventQuery(day: today.addingDays(-1), timeZoneIdentifier: pat.zone, taskIDs: ids), in: db),
                try SQLiteCareStore.events(
                    EventQuery(
                        from: today, through: today.addingDays(30), timeZoneIdentifier: pat.zone, taskIDs: ids),
                    in: db),
                try SQLiteCareStore.events(
                    EventQuery(day: today, timeZoneIdentifier: sam.zone, taskIDs: sam.tasks.map(\.id)), in: db)
            )
        }
        #expect(todayEvents.isEmpty)
        #expect(futureEvents.isEmpty)
        // Yesterday's check-in and its answer are still there.
        #expect(yesterdayEvents.contains { $0.task.id == pat.checkin.id && $0.outcome != nil })
        #expect(try harness.records.outcomes(patientID: pat.account.id).count == 2)
        // Another participant's schedule is untouched.
        #expect(!samEvents.isEmpty)

        // Repeating changes nothing; sign-in and downloads still work; the start page says so.
        browser.post("/account/withdraw", form: [:])
        #expect(try harness.records.taskHistory(patientID: pat.account.id).count == 11)
        var again = harness.browser(signingIn: "pat@example.com")
        #expect(again.get("/account/data.csv").text.contains("checkin.form.pain,4"))
        // Survey pages are closed to a withdrawn participant, with a message; others still answer today's.
        let late = again.get("/survey/checkin/40")
        #expect(late.status == .forbidden)
        #expect(late.text.contains("surveys and answers can no longer be changed"))
        var stillIn = harness.browser(signingIn: "sam@example.com")
        #expect(stillIn.open("/survey/checkin/40").status == .ok)
        let home = again.get("/")
        #expect(home.text.contains("You have withdrawn from the study"))
        #expect(again.get("/account").text.contains("You withdrew from the study on \(today)"))
    }

    @Test func aScheduleThatStartsAfterTheWithdrawalDayGetsATombstone() throws {
        let day = LocalDate(year: 2026, month: 11, day: 29)!
        let later = CareTask(
            id: "p.checkin", title: "Check-in", schedule: .dailyAllDay(from: day.addingDays(2)),
            effectiveDate: day.addingDays(2).startOfDay)
        #expect(StudyWithdrawal.ending(later, from: day) == .tombstone(effectiveDate: day.addingDays(2).startOfDay))
        let ended = CareTask(
            id: "p.rom", title: "Range", schedule: Schedule(.dailyAllDay(from: day.addingDays(-40), until: day)),
            effectiveDate: day.addingDays(-40).startOfDay)
        #expect(StudyWithdrawal.ending(ended, from: day) == .unchanged)
    }
}
