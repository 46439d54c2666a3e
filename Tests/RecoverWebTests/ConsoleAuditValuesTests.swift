import Care
import CareSQLite
import Foundation
import RecoverData
import SQLite
import Testing
import Web

@testable import RecoverWeb

/// The participant page's audit table says what a change changed (old → new), to staff who may see health
/// data, and only that a change happened to anyone else.
@Suite struct ConsoleAuditValuesTests {
    /// Alice's check-in (pain 7, sleep 6 h), then her pain changed to 5; returns her id.
    private func changedCheckin(_ fixture: ConsoleFixture) throws -> String {
        let alice = try fixture.addParticipant("alice@example.com", checkins: [1: (7, 6)])
        try fixture.database.write { db in
            let row = try #require(
                try db.queryOne("SELECT id FROM care_outcome WHERE task_id = ?", ["\(alice).checkin"]))
            _ = try SQLiteCareStore.updateOutcome(
                id: try row.string("id"),
                values: [
                    OutcomeValue(.integer(5), kind: "checkin.form.pain"),
                    OutcomeValue(.integer(6), kind: "checkin.form.sleep", unit: "h"),
                ], at: Date(), in: db)
        }
        return alice
    }

    @Test func aResearcherSeesTheOldAndNewValueOfAChange() throws {
        let fixture = try ConsoleFixture()
        try fixture.addStaff("researcher@example.com", role: .researcher)
        let alice = try changedCheckin(fixture)
        var client = fixture.client()
        client.signIn("researcher@example.com")
        let html = client.get("/console/participants/\(alice)").text
        #expect(html.contains("<th scope=\"col\">Change</th>") || html.contains(">Change<"))
        #expect(html.contains("Pain 7 → 5"))
        #expect(!html.contains("Sleep 6 h →"), "an unchanged value is not listed as a change")
        #expect(html.contains("Pain 7 · Sleep 6 h"), "the create shows the values entered")

        client.acceptLanguage = "zh-CN"
        #expect(client.get("/console/participants/\(alice)").text.contains("疼痛 7 → 5"))
    }

    @Test func anAdminSeesThemToo() throws {
        let fixture = try ConsoleFixture()
        try fixture.addStaff("admin@example.com", role: .admin)
        let alice = try changedCheckin(fixture)
        var client = fixture.client()
        client.signIn("admin@example.com")
        #expect(client.get("/console/participants/\(alice)").text.contains("Pain 7 → 5"))
    }

    @Test func aRoleWithoutHealthDataAccessSeesThatAChangeHappenedWithoutValues() throws {
        #expect(AuditSection.showsValues(to: .researcher) && AuditSection.showsValues(to: .admin))
        #expect(!AuditSection.showsValues(to: .participant) && !AuditSection.showsValues(to: nil))
        let fixture = try ConsoleFixture()
        let alice = try changedCheckin(fixture)
        let (entries, values) = try StudyStorage(fixture.database).read { db in
            let entries = try AuditTrail.entries(forParticipant: alice, limit: 50, in: db)
            return (entries, try AuditValues.forEntries(entries.map(\.sequence), in: db))
        }
        #expect(values.count >= 2)
        let t = Localizer(.english)
        let hidden = AuditSection.render(
            entries, values: values, showValues: false, staff: [], participantID: alice, zone: .gmt, t: t
        ).description
        #expect(hidden.contains("values hidden") && hidden.contains("changed"))
        #expect(!hidden.contains("7 → 5") && !hidden.contains("Pain"))
        let shown = AuditSection.render(
            entries, values: values, showValues: true, staff: [], participantID: alice, zone: .gmt, t: t
        ).description
        #expect(shown.contains("Pain 7 → 5") && !shown.contains("values hidden"))
    }
}
