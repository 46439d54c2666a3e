import Exports
import Foundation
import RecoverData
import SQLite
import Testing
import Web

/// `/account/access`: the participant sees who viewed or exported their data (staff in the console, operators
/// on the command line), newest first, never their own actions, in pages of 20.
@Suite struct AccessLogPageTests {
    /// The `<li class="access-entry">` items of the page, each as its text without tags.
    private func entries(_ page: String) -> [String] {
        page.components(separatedBy: "<li class=\"access-entry\">").dropFirst().map { item in
            let body = item.components(separatedBy: "</li>")[0]
            return body.replacingOccurrences(of: "<[^>]+>", with: " ", options: .regularExpression)
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
    }

    @Test func staffViewsConsoleExportsAndCommandLineExportsAreListedNewestFirstButNotOwnActions() throws {
        let fixture = try ConsoleFixture()
        try fixture.addStaff("li.wei@example.org", role: .researcher)
        let alice = try fixture.addParticipant("alice@example.com")
        let bob = try fixture.addParticipant("bob@example.com")
        var staff = fixture.client()
        staff.signIn("li.wei@example.org")
        #expect(staff.get("/console/participants/\(alice)").status == .ok)
        fixture.clock.advance(by: 60)
        #expect(staff.get("/console/export/csv").status == .ok)
        fixture.clock.advance(by: 60)
        #expect(staff.get("/console/participants/\(bob)").status == .ok)
        // What `recover export --participant` records (Tests/RecoverCLITests/ExportCommandTests.swift runs it).
        try ExportFormat.json.recordExport(
            filter: try ExportFilter(participantID: alice), by: "cli:export:root", at: fixture.clock.now,
            in: StudyStorage(fixture.database))

        var participant = fixture.client()
        participant.signIn("alice@example.com")
        #expect(participant.get("/account").text.contains("<a href=\"/account/access\">Who has viewed your data</a>"))
        #expect(participant.get("/account/data.json").status == .ok)
        let page = participant.get("/account/access")
        #expect(page.status == .ok)
        #expect(page.header("Cache-Control") == "no-store")
        let listed = entries(page.text)
        #expect(listed.count == 3)
        #expect(listed[0].hasPrefix("Operator (command line, user root) Exported your data (JSON file)"))
        #expect(listed[1].hasPrefix("Researcher li.wei@example.org Exported your data (CSV file)"))
        #expect(listed[2].hasPrefix("Researcher li.wei@example.org Viewed your records in the study console"))
        #expect(!page.text.contains("alice@example.com Viewed"))
        #expect(page.text.contains("Times are shown in UTC."))
        #expect(!page.text.contains("Older entries"))
    }

    @Test func olderEntriesArePagedAndABadCursorIsRefused() throws {
        let fixture = try ConsoleFixture()
        let researcher = try fixture.addStaff("li.wei@example.org", role: .researcher)
        let alice = try fixture.addParticipant("alice@example.com")
        let trail = AuditTrail(database: fixture.database)
        for index in 0..<25 {
            try trail.recordRead(
                actor: "account:\(researcher.id)",
                of: AuditedRow(table: index == 0 ? "consent_record" : "account", key: alice),
                participantID: alice, at: fixture.clock.now.addingTimeInterval(Double(index)))
        }
        var participant = fixture.client()
        participant.signIn("alice@example.com")
        let first = participant.get("/account/access").text
        #expect(entries(first).count == 20)
        let link = try #require(
            first.range(of: "href=\"/account/access\\?before=[0-9]+\"", options: .regularExpression))
        let cursor = String(first[link].dropFirst("href=\"/account/access?before=".count).dropLast())
        let second = participant.get("/account/access", query: ["before": cursor]).text
        #expect(entries(second).count == 5)
        #expect(entries(second).last?.hasPrefix("Researcher li.wei@example.org Viewed your signed consent") == true)
        #expect(second.contains("<a href=\"/account/access\">Back to the newest</a>"))
        #expect(!second.contains("Older entries"))
        for bad in ["abc", "-1", "0", "99999999999999999999", ""] {
            let refused = participant.get("/account/access", query: ["before": bad])
            #expect(refused.status == .badRequest, "\(bad)")
            #expect(refused.text.contains("That page of the list does not exist."))
        }
    }
}
