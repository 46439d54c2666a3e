import Care
import CareSQLite
import Foundation
import RecoverData
import RecoverWeb
import SQLite
import Testing
import Web

@Suite struct ConsoleDataTests {
    @Test func dashboardCountsEnrollmentAndFlagsHighPainAndMissedCheckins() throws {
        let fixture = try ConsoleFixture()
        try fixture.addStaff("admin@example.com", role: .admin)
        let painful = try fixture.addParticipant("pain@example.com", checkins: [3: (4, 7), 2: (5, 6), 1: (9, 5)])
        let silent = try fixture.addParticipant("silent@example.com", checkins: [5: (3, 8), 4: (3, 8)])
        try fixture.addParticipant("fine@example.com", checkins: [3: (9, 7), 2: (2, 7), 1: (2, 8)])
        try fixture.addParticipant("gone@example.com", withdrawn: true, checkins: [1: (10, 2)])
        try fixture.addParticipant("new@example.com", joinedDaysAgo: 1, onboarded: false)

        let counts = try StudyStorage(fixture.database).read { db in try ConsoleQueries.enrollment(in: db) }
        #expect(counts == EnrollmentCounts(joined: 5, onboarded: 4, withdrawn: 1))
        let alerts = try StudyStorage(fixture.database).read { db in
            try ConsoleQueries.alerts(today: fixture.today, in: db)
        }
        let pain = alerts.filter { if case .answer = $0.reason { true } else { false } }
        #expect(pain.map(\.participantID) == [painful])
        #expect(alerts.filter { $0.reason == .missedDailyTask(days: 3) }.map(\.participantID) == [silent])
        // Behind today: onboarded, in the study, no check-in yesterday and none today (pain and fine checked in
        // yesterday; the withdrawn and the not yet onboarded never count).
        let behind = try StudyStorage(fixture.database).read { db in
            try ConsoleQueries.attention(today: fixture.today, in: db)
        }
        #expect(behind.filter { $0.reason == .behindToday }.map(\.participantID) == [silent])
        #expect(!behind.contains { $0.email == "gone@example.com" || $0.email == "new@example.com" })

        var client = fixture.client()
        client.signIn("admin@example.com")
        let page = client.get("/console")
        #expect(page.status == .ok)
        let html = page.text
        #expect(html.contains("<span class=\"figure-value\">5</span>joined"))
        #expect(html.contains("<span class=\"figure-value\">4</span>onboarded"))
        #expect(html.contains("<span class=\"figure-value\">1</span>withdrawn"))
        // "Needs attention", most urgent first: the high pain score, then three missed check-ins.
        let attention = try #require(html.components(separatedBy: "id=\"attention-heading\"").last)
        #expect(attention.contains("href=\"/console/participants/\(painful)\">pain@example.com</a>"))
        #expect(attention.contains("<li>Last pain score 9 (on "))
        #expect(attention.contains("href=\"/console/participants/\(silent)\">silent@example.com</a>"))
        #expect(attention.contains("<li>No check-in on the last 3 days</li>"))
        let painAt = try #require(attention.range(of: "pain@example.com")).lowerBound
        let silentAt = try #require(attention.range(of: "silent@example.com")).lowerBound
        #expect(painAt < silentAt)
        #expect(!html.contains(Data(fixture.signingKey.publicKey).base64EncodedString()))
        #expect(!html.contains("gone@example.com"))
        #expect(html.contains("role=\"img\""))
        #expect(html.contains("<table class=\"data-table\">"))
    }

    @Test func aCheckInTodayDoesNotHideTheDaysMissedBeforeIt() throws {
        let fixture = try ConsoleFixture()
        // Checked in today and 5 days ago: days 3, 2 and 1 before today were missed, whatever today's answer.
        let lapsed = try fixture.addParticipant("lapsed@example.com", checkins: [5: (3, 8), 0: (3, 8)])
        // Today, yesterday and 4 days ago: yesterday's check-in is in the window.
        try fixture.addParticipant("steady@example.com", checkins: [4: (3, 8), 1: (3, 8), 0: (3, 8)])
        let alerts = try StudyStorage(fixture.database).read { db in
            try ConsoleQueries.alerts(today: fixture.today, in: db)
        }
        #expect(alerts.filter { $0.reason == .missedDailyTask(days: 3) }.map(\.participantID) == [lapsed])
        let attention = try StudyStorage(fixture.database).read { db in
            try ConsoleQueries.attention(today: fixture.today, in: db)
        }
        #expect(attention.filter { $0.reason == .behindToday } == [])
    }

    @Test func dashboardFiguresAreReusedForThirtySecondsThenRecomputed() throws {
        let fixture = try ConsoleFixture()
        try fixture.addStaff("admin@example.com", role: .admin)
        try fixture.addParticipant("a@example.com")
        var client = fixture.client()
        client.signIn("admin@example.com")
        #expect(client.get("/console").text.contains("<span class=\"figure-value\">1</span>joined"))
        try fixture.addParticipant("b@example.com")
        fixture.clock.advance(by: 20)
        #expect(client.get("/console").text.contains("<span class=\"figure-value\">1</span>joined"))
        fixture.clock.advance(by: 11)
        #expect(client.get("/console").text.contains("<span class=\"figure-value\">2</span>joined"))
    }

    @Test func studyAdherenceCountsDueAndCompletedEventsPerDay() throws {
        let fixture = try ConsoleFixture()
        // Joined 3 days ago: check-in and range of motion due on days -3...0 (2 events a day).
        try fixture.addParticipant(
            "a@example.com", joinedDaysAgo: 3, checkins: [3: (2, 7), 1: (3, 7)], ranges: [1: 90])
        // Joined today: 2 events today, none done.
        try fixture.addParticipant("b@example.com", joinedDaysAgo: 0)
        let days = try StudyStorage(fixture.database).read { db in
            try ConsoleQueries.adherence(days: 5, today: fixture.today, in: db)
        }
        #expect(days.map(\.day) == (0..<5).map { fixture.today.addingDays($0 - 4) })
        #expect(days.map(\.due) == [0, 2, 2, 2, 4])
        #expect(days.map(\.completed) == [0, 1, 0, 2, 0])
        #expect(days[0].fraction == nil)
        #expect(days[3].fraction == 1)
    }

    @Test func participantListSearchesSortsAndPages() throws {
        let fixture = try ConsoleFixture()
        try fixture.addStaff("res@example.com", role: .researcher)
        var ids: [String] = []
        for index in 0..<30 {
            ids.append(
                try fixture.addParticipant(
                    "p\(index)@\(index % 2 == 0 ? "even" : "odd").example.com", joinedDaysAgo: 30 - index,
                    checkins: index == 7 ? [0: (3, 7)] : [:]))
        }
        let synthetic = try fixture.addParticipant("demo-1@synthetic.invalid", joinedDaysAgo: 40)
        var client = fixture.client()
        client.signIn("res@example.com")

        let first = client.get("/console/participants").text
        #expect(first.contains("Participants (31 in all)"))
        #expect(first.contains("p29@odd.example.com"))
        #expect(first.contains("p5@odd.example.com"))
        #expect(!first.contains("p4@even.example.com"))
        #expect(first.contains("href=\"/console/participants?sort=joined&amp;dir=desc&amp;page=2\""))
        let second = client.get("/console/participants", query: ["page": "2"]).text
        #expect(second.contains("p4@even.example.com"))
        #expect(second.contains("demo-1@synthetic.invalid</a><br><span class=\"badge synthetic\">synthetic</span>"))
        #expect(second.contains("Page 2 of 2"))

        let even = client.get("/console/participants", query: ["q": "EVEN.example"]).text
        #expect(even.contains("Participants (15 in all)"))
        #expect(!even.contains("odd.example.com"))
        let byID = client.get("/console/participants", query: ["q": String(ids[3].prefix(13))]).text
        #expect(byID.contains("p3@odd.example.com"))
        #expect(byID.contains("(1 in all)"))
        let wildcard = client.get("/console/participants", query: ["q": "%"]).text
        #expect(wildcard.contains("No participants match."))

        // Sorting by a column: the header links, aria-sort on the sorted one, and strict parameters.
        let byEmail = client.get("/console/participants", query: ["sort": "email", "dir": "desc"]).text
        let body = try #require(byEmail.components(separatedBy: "<tbody>").last)
        let odd = try #require(body.range(of: "p9@odd.example.com")).lowerBound
        let evenRow = try #require(body.range(of: "p8@even.example.com")).lowerBound
        #expect(odd < evenRow, "Z to A")
        #expect(
            byEmail.contains(
                "<th scope=\"col\" aria-sort=\"descending\"><a class=\"sort-link\" href=\"/console/participants?sort=email&amp;dir=asc&amp;page=1\">"
            ))
        #expect(byEmail.contains("href=\"/console/participants?sort=lastActivity&amp;dir=desc&amp;page=1\""))
        #expect(!byEmail.contains("aria-sort=\"ascending\""))
        for query in [["sort": "bogus"], ["sort": ""], ["dir": "up"], ["sort": "email", "dir": "ASC"]] {
            let refused = client.get("/console/participants", query: query)
            #expect(refused.status == .badRequest, "\(query)")
            #expect(refused.text.contains("This list cannot be sorted that way."), "\(query)")
        }

        let active = client.get("/console/participants", query: ["sort": "lastActivity"]).text
        let firstRow = try #require(active.range(of: "<tbody>"))
        #expect(active[firstRow.upperBound...].prefix(300).contains("p7@odd.example.com"))
        let page = try StudyStorage(fixture.database).read { db in
            try ConsoleQueries.participants(
                ParticipantListQuery(sort: .adherence, limit: 3), today: fixture.today, in: db)
        }
        #expect(page.total == 31)
        #expect(page.participants.first?.checkinsCompleted == 0)
        #expect(page.participants.allSatisfy { $0.checkinsDue > 0 })
        #expect(
            try StudyStorage(fixture.database).read { db in
                try ConsoleQueries.participant(id: synthetic, today: fixture.today, in: db)?.isSynthetic
            } == true)
    }

    @Test func participantPageShowsThatParticipantsDataOnly() throws {
        let fixture = try ConsoleFixture()
        try fixture.addStaff("admin@example.com", role: .admin)
        let alice = try fixture.addParticipant(
            "alice@example.com", checkins: [2: (7, 6), 1: (6, 5)], ranges: [2: 87.5])
        let bob = try fixture.addParticipant("bob@example.com", checkins: [1: (2, 11)], ranges: [1: 123])
        var client = fixture.client()
        client.signIn("admin@example.com")
        let page = client.get("/console/participants/\(alice)")
        #expect(page.status == .ok)
        #expect(page.header("Cache-Control") == "no-store")
        let html = page.text
        #expect(html.contains("alice@example.com"))
        #expect(html.contains("Pain 7 · Sleep 6 h"))
        #expect(html.contains("Range 87.5°"))
        #expect(!html.contains("bob@example.com"))
        #expect(!html.contains(bob))
        #expect(!html.contains("Sleep 11 h"))
        // Bob's range of motion, as a value, a table cell or a label (not "123" anywhere: random ids may hold it).
        #expect(!html.contains("Range 123") && !html.contains(">123<") && !html.contains("123°"))
        #expect(html.contains("id=\"checkin-chart-title\""))
        #expect(html.contains("id=\"range-chart-title\""))
        #expect(client.get("/console/participants/unknown").status == .notFound)
    }

    @Test func consolePagesAreWrittenInChinese() throws {
        let fixture = try ConsoleFixture()
        try fixture.addStaff("admin@example.com", role: .admin)
        let id = try fixture.addParticipant("pat@example.com", checkins: [1: (3, 7)])
        var client = fixture.client()
        client.acceptLanguage = "zh-CN"
        client.signIn("admin@example.com")
        for path in ["/console", "/console/participants", "/console/participants/\(id)", "/console/invitations"] {
            let html = client.get(path).text
            #expect(html.contains("<html lang=\"zh-Hans\">"), "\(path)")
        }
        #expect(client.get("/console").text.contains("每日研究依从性"))
        #expect(client.get("/console/participants/\(id)").text.contains("疼痛 3 · 睡眠 7 h"))
    }
}
