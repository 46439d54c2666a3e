import Care
import Foundation
import RecoverData
import RecoverWeb
import SQLite
import Testing
import Web

/// A researcher corrects a participant's check-in value with a required reason from the participant page;
/// the original stays, both are shown, bad input is a 422 page with nothing changed.
@Suite struct ConsoleCorrectionTests {
    /// A researcher, an admin and Alice with one check-in (pain 7, sleep 6 h); returns her id and outcome id.
    private func fixture() throws -> (ConsoleFixture, String, String) {
        let fixture = try ConsoleFixture()
        try fixture.addStaff("researcher@example.com", role: .researcher)
        try fixture.addStaff("admin@example.com", role: .admin)
        let alice = try fixture.addParticipant("alice@example.com", checkins: [1: (7, 6)])
        let outcome = try fixture.database.read { db in
            try #require(try db.queryOne("SELECT id FROM care_outcome WHERE task_id = ?", ["\(alice).checkin"]))
                .string("id")
        }
        return (fixture, alice, outcome)
    }

    private func corrections(_ fixture: ConsoleFixture) throws -> Int {
        try fixture.database.read { db in try db.queryOne("SELECT count(*) AS n FROM outcome_correction")?.int("n") }
            ?? -1
    }

    @Test func aResearcherCorrectsAValueWithAReasonAndBothAreShown() throws {
        let (fixture, alice, outcome) = try fixture()
        var client = fixture.client()
        client.signIn("researcher@example.com")
        let page = client.get("/console/participants/\(alice)").text
        #expect(page.contains("action=\"/console/participants/\(alice)/corrections#corrections\""))
        #expect(page.contains("value=\"\(outcome)|checkin.form.pain\""))
        let saved = client.post(
            "/console/participants/\(alice)/corrections",
            form: ["value": "\(outcome)|checkin.form.pain", "new": "5", "reason": "Slider <b>slipped</b>"])
        #expect(saved.status == .seeOther)
        let html = client.get("/console/participants/\(alice)", query: ["corrected": "1"]).text
        #expect(html.contains("The correction is saved"))
        #expect(html.contains("Pain 7 · Sleep 6 h · Pain corrected to 5"), "the original stays, marked")
        #expect(html.contains("7 corrected to 5 by researcher@example.com"))
        #expect(html.contains("Slider &lt;b&gt;slipped&lt;/b&gt;") && !html.contains("<b>slipped"))
        #expect(html.contains("outcome_correction"), "the audit table lists the correction")
        #expect(html.contains("Pain 7 → 5: Slider &lt;b&gt;slipped&lt;/b&gt;"), "in plain words")
        #expect(html.contains("Slider <b>slipped</b>") == false)
        #expect(try corrections(fixture) == 1)

        client.acceptLanguage = "zh-CN"
        #expect(client.get("/console/participants/\(alice)").text.contains("更正为 5"))
    }

    @Test func exportsKeepTheEnteredValueAndListTheCorrection() throws {
        let (fixture, alice, outcome) = try fixture()
        var client = fixture.client()
        client.signIn("researcher@example.com")
        client.get("/console/participants/\(alice)")
        let saved = client.post(
            "/console/participants/\(alice)/corrections",
            form: ["value": "\(outcome)|checkin.form.pain", "new": "5", "reason": "slider slipped"])
        #expect(saved.status == .seeOther)
        let csv = client.get("/console/export/csv").text.components(separatedBy: "\r\n")
        #expect(csv.first?.hasSuffix(",consent_version,corrected_value,correction_reason") == true)
        let pain = csv.filter { $0.contains(",checkin.form.pain,") }
        #expect(pain.count == 1 && pain[0].contains(",checkin.form.pain,7,") && pain[0].hasSuffix(",5,slider slipped"))
        let sleep = csv.filter { $0.contains(",checkin.form.sleep,") }
        #expect(sleep.count == 1 && sleep[0].hasSuffix(",,"), "an uncorrected value has empty correction cells")

        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(client.get("/console/export/json").text.utf8))
                as? [String: Any])
        let participants = try #require(json["participants"] as? [[String: Any]])
        let outcomes = participants.flatMap { ($0["outcomes"] as? [[String: Any]]) ?? [] }
        let corrected = try #require(outcomes.first { $0["id"] as? String == outcome })
        let corrections = try #require(corrected["corrections"] as? [[String: Any]])
        #expect(corrections.count == 1)
        #expect(corrections.first?["oldValue"] as? Int == 7 && corrections.first?["newValue"] as? Int == 5)
        #expect(corrections.first?["reason"] as? String == "slider slipped")
        let values = try #require(corrected["values"] as? [[String: Any]])
        #expect(values.contains { $0["kind"] as? String == "checkin.form.pain" && $0["value"] as? Int == 7 })
    }

    @Test func badCorrectionsAreA422PageAndChangeNothing() throws {
        let (fixture, alice, outcome) = try fixture()
        let other = try fixture.addParticipant("bob@example.com", checkins: [1: (3, 8)])
        var client = fixture.client()
        client.signIn("researcher@example.com")
        client.get("/console/participants/\(alice)")
        let target = "\(outcome)|checkin.form.pain"
        let cases: [([String: String], String)] = [
            (["value": target, "new": "5", "reason": "  "], "Give a reason"),
            (["value": target, "new": "5"], "Give a reason"),
            (["value": target, "new": "11", "reason": "typo"], "between 1 and 10"),
            (["value": target, "new": "abc", "reason": "typo"], "whole number"),
            (["value": target, "new": "99999999999999999999", "reason": "typo"], "whole number"),
            (["value": target, "new": "5.5", "reason": "typo"], "whole number"),
            (["value": "unknown|checkin.form.pain", "new": "5", "reason": "typo"], "not one of this participant"),
            (["value": "nonsense", "new": "5", "reason": "typo"], "not one of this participant"),
        ]
        for (form, message) in cases {
            let response = client.post("/console/participants/\(alice)/corrections", form: form)
            #expect(response.status == .unprocessableContent, "\(form)")
            #expect(response.text.contains(message), "\(form)")
        }
        let kept = client.post(
            "/console/participants/\(alice)/corrections", form: ["value": target, "new": "11", "reason": "a <typo>"])
        #expect(kept.text.contains("value=\"11\"") && kept.text.contains(">a &lt;typo&gt;</textarea>"))
        #expect(kept.text.contains("value=\"\(target)\" selected>"), "what was entered comes back")
        let elsewhere = client.post(
            "/console/participants/\(other)/corrections", form: ["value": target, "new": "5", "reason": "typo"])
        #expect(elsewhere.status == .unprocessableContent, "Alice's outcome is not Bob's")
        #expect(
            client.post("/console/participants/nobody/corrections", form: ["value": target, "new": "5", "reason": "x"])
                .status == .notFound)
        #expect(
            client.post(
                "/console/participants/\(alice)/corrections", form: ["value": target, "new": "5", "reason": "x"],
                includeCSRF: false
            ).status == .forbidden)
        #expect(try corrections(fixture) == 0)
    }

    @Test func onlyResearchersCorrect() throws {
        let (fixture, alice, outcome) = try fixture()
        var client = fixture.client()
        client.signIn("admin@example.com")
        #expect(!client.get("/console/participants/\(alice)").text.contains("/corrections\""))
        let refused = client.post(
            "/console/participants/\(alice)/corrections",
            form: ["value": "\(outcome)|checkin.form.pain", "new": "5", "reason": "typo"])
        #expect(refused.status == .forbidden)
        #expect(try corrections(fixture) == 0)
    }
}
