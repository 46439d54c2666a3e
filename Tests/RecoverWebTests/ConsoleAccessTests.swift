import CareSQLite
import Cryptography
import Foundation
import RecoverData
import RecoverWeb
import SQLite
import Testing
import Web

@Suite struct ConsoleAccessTests {
    @Test func participantIsRefusedEveryConsolePage() throws {
        let fixture = try ConsoleFixture()
        let other = try fixture.addParticipant("other@example.com")
        try fixture.addParticipant("pat@example.com")
        var client = fixture.client()
        client.signIn("pat@example.com")
        for path in ["/console", "/console/participants", "/console/participants/\(other)", "/console/invitations"] {
            let page = client.get(path)
            #expect(page.status == .forbidden, "\(path)")
            #expect(!page.text.contains("other@example.com"))
        }
        #expect(client.post("/console/invitations", form: ["count": "1"]).status == .forbidden)
        #expect(try fixture.accounts.invitations().isEmpty)
    }

    @Test func signedOutVisitorIsSentToSignIn() throws {
        let fixture = try ConsoleFixture()
        var client = fixture.client()
        let page = client.get("/console/participants")
        #expect(page.status == .seeOther)
        #expect(page.header("Location") == "/sign-in")
    }

    @Test func researcherReadsButGetsForbiddenPagesForAdminFunctions() throws {
        let fixture = try ConsoleFixture()
        try fixture.addStaff("res@example.com", role: .researcher)
        var client = fixture.client()
        client.signIn("res@example.com")
        for path in ["/console", "/console/participants", "/console/export"] {
            #expect(client.get(path).status == .ok, "\(path)")
        }
        let dashboard = client.get("/console").text
        #expect(!dashboard.contains("href=\"/console/invitations\""))
        for path in ["/console/invitations", "/console/staff"] {
            let page = client.get(path)
            #expect(page.status == .forbidden, "\(path)")
            #expect(page.text.contains("Only study administrators"))
        }
        #expect(client.post("/console/invitations", form: ["count": "2"]).status == .forbidden)
        #expect(
            client.post("/console/staff", form: ["email": "new@example.com", "role": "admin"]).status == .forbidden)
        #expect(try fixture.accounts.invitations().isEmpty)
        #expect(try fixture.directory.account(email: "new@example.com") == nil)
    }

    @Test func adminCreatesListsAndRevokesInvitations() throws {
        let fixture = try ConsoleFixture()
        let admin = try fixture.addStaff("admin@example.com", role: .admin)
        var client = fixture.client()
        client.signIn("admin@example.com")
        client.get("/console/invitations")
        let created = client.post("/console/invitations", form: ["count": "3", "days": "7"])
        #expect(created.status == .ok)
        let invitations = try fixture.accounts.invitations()
        #expect(invitations.count == 3)
        #expect(invitations.allSatisfy { $0.createdBy == admin.id })
        #expect(invitations.allSatisfy { $0.expiresAt == fixture.clock.now.addingTimeInterval(7 * 86_400) })
        #expect(created.text.contains("Created 3 invitation links."))
        let codes = created.text.components(separatedBy: "/join/").dropFirst().map { String($0.prefix(16)) }
        #expect(codes.count == 3, "the links are shown once, in the answer")
        for code in codes {
            #expect(try fixture.accounts.invitation(code: code)?.status(at: fixture.clock.now) == .open)
        }
        let list = client.get("/console/invitations").text
        #expect(!codes.contains { list.contains($0) }, "the list never shows a code again")

        let code = codes[0]
        let hex = Crypto.sha256Hex(code)
        #expect(client.post("/console/invitations/\(hex)/revoke", form: [:], includeCSRF: false).status == .forbidden)
        #expect(try fixture.accounts.invitation(code: code)?.revokedAt == nil)
        #expect(client.post("/console/invitations/\(hex)/revoke", form: [:]).status == .seeOther)
        #expect(try fixture.accounts.invitation(code: code)?.status(at: fixture.clock.now) == .revoked)
        #expect(client.get("/console/invitations").text.contains("revoked"))
        #expect(client.post("/console/invitations/unknown/revoke", form: [:]).status == .notFound)
        #expect(client.post("/console/invitations", form: ["count": "0"]).status == .badRequest)
    }

    @Test func adminAddsAStaffMemberWhosePasswordIsShownOnce() throws {
        let fixture = try ConsoleFixture()
        try fixture.addStaff("admin@example.com", role: .admin)
        var client = fixture.client()
        client.signIn("admin@example.com")
        client.get("/console/staff")
        let added = client.post("/console/staff", form: ["email": "New@Example.com", "role": "researcher"])
        #expect(added.status == .ok)
        let html = added.text
        let marker = "<p class=\"secret\">"
        let start = try #require(html.range(of: marker))
        let password = String(html[start.upperBound...].prefix { $0 != "<" })
        #expect(password.count == 20)
        #expect(!client.get("/console/staff").text.contains(password))
        var researcher = fixture.client()
        researcher.signIn("new@example.com", password: password)
        #expect(researcher.get("/console").status == .ok)
        #expect(researcher.get("/console/staff").status == .forbidden)
        let again = client.post("/console/staff", form: ["email": "new@example.com", "role": "admin"])
        #expect(again.status == .unprocessableContent)
    }
}
