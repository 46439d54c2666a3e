import Care
import Foundation
import Recover
import RecoverData
import Testing

/// The calendar link on every backend: the token stored only as its hash, a reset that revokes the old link in
/// the same commit, the feed's tasks and window, nothing after withdrawal, audited changes; and the contact card.
@Suite struct CalendarLinkTests {
    static let start = StudyStores.start

    @Test(arguments: StudyBackend.allCases) func aLinkIsStoredHashedAndAResetRevokesTheOldOne(
        backend: StudyBackend
    ) throws {
        let stores = try backend.make()
        let account = try stores.participant("cal@example.org", zone: "Asia/Tokyo")
        _ = try stores.participants.participant(account, now: Self.start)
        #expect(try stores.participants.calendarLinkCreated(participantID: account.id) == nil)
        let first = try stores.participants.resetCalendarLink(participantID: account.id, at: Self.start)
        #expect(first.utf8.count == 43, "256 bits, base64url")
        #expect(try stores.participants.calendarLinkCreated(participantID: account.id) == Self.start)
        let found = try #require(try stores.participants.calendarEvents(token: first, now: Self.start))
        #expect(found.account.id == account.id)
        #expect(found.zone.identifier == "Asia/Tokyo")
        #expect(try stores.seed.rows("calendar_feed") == 1)

        let later = Self.start.addingTimeInterval(60)
        let second = try stores.participants.resetCalendarLink(participantID: account.id, at: later)
        #expect(second != first)
        #expect(try stores.participants.calendarEvents(token: first, now: later) == nil, "the old link is dead")
        #expect(try stores.participants.calendarEvents(token: second, now: later) != nil)
        #expect(try stores.seed.rows("calendar_feed") == 1)
        #expect(try stores.participants.calendarEvents(token: String(repeating: "A", count: 43), now: later) == nil)
        #expect(try stores.participants.calendarEvents(token: "../../etc", now: later) == nil)

        let entries = try stores.seed.audit.entries(entityType: "calendar_feed", entityID: account.id)
        #expect(entries.sorted { $0.sequence < $1.sequence }.map(\.action) == [.create, .update])
        #expect(entries.allSatisfy { $0.actor == "account:\(account.id)" && $0.participantID == account.id })
    }

    @Test(arguments: StudyBackend.allCases) func theLinkShowsTheFeedsTasksInItsWindowAndNothingAfterWithdrawal(
        backend: StudyBackend
    ) throws {
        let stores = try backend.make()
        let account = try stores.participant("win@example.org", zone: "America/New_York")
        let state = try stores.onboardedPlan(account)
        let token = try stores.participants.resetCalendarLink(participantID: account.id, at: Self.start)
        // Before onboarding has an outcome, the gate shows only onboarding, from the join day (today) on.
        let before = try #require(try stores.participants.calendarEvents(token: token, now: Self.start))
        #expect(before.days == state.today.addingDays(-7)..<state.today.addingDays(43))
        #expect(Set(before.events.compactMap { ParticipantPlan.studyTaskID(of: $0.task) }) == ["onboarding"])
        #expect(before.events.count == 43)

        try stores.participants.withdraw(patientID: account.id, on: state.today, at: Self.start)
        let after = try #require(try stores.participants.calendarEvents(token: token, now: Self.start))
        #expect(after.events.isEmpty, "a withdrawn participant's calendar is empty, so clients drop its events")
        #expect(throws: StudyRecordError(.notTakingPart)) {
            try stores.participants.resetCalendarLink(participantID: account.id, at: Self.start)
        }
    }

    @Test(arguments: StudyBackend.allCases) func staffHaveNoCalendarLink(backend: StudyBackend) throws {
        let stores = try backend.make()
        let staff = try stores.staff("res@example.org", role: .researcher)
        #expect(throws: StudyRecordError(.notTakingPart)) {
            try stores.participants.resetCalendarLink(participantID: staff.id, at: Self.start)
        }
        #expect(try stores.seed.rows("calendar_feed") == 0)
    }

    @Test(arguments: StudyBackend.allCases) func theContactCardIsSetReplacedAndAudited(backend: StudyBackend) throws {
        let stores = try backend.make()
        #expect(try stores.participants.studyContact() == nil)
        let contact = try StudyContact.validated(
            name: " Dr. Mei Lin ", roleEnglish: "Study nurse", roleChinese: "研究护士", phone: "+86 (10) 1234-5678",
            email: "team@recover.example", notesEnglish: "Weekdays 9:00-17:00", notesChinese: "工作日 9:00-17:00",
            at: Self.start)
        #expect(contact.name == "Dr. Mei Lin")
        #expect(contact.dialablePhone == "+861012345678")
        try stores.console.setStudyContact(contact, by: "account:admin")
        #expect(try stores.participants.studyContact() == contact)
        var changed = contact
        changed.email = ""
        changed.updatedAt = Self.start.addingTimeInterval(5)
        try stores.console.setStudyContact(changed, by: "account:admin")
        #expect(try stores.console.studyContact() == changed)
        #expect(try stores.seed.rows("study_contact") == 1)
        let entries = try stores.seed.audit.entries(entityType: "study_contact", entityID: "study")
        #expect(entries.sorted { $0.sequence < $1.sequence }.map(\.action) == [.create, .update])
        #expect(entries.allSatisfy { $0.actor == "account:admin" && $0.participantID == nil })
    }

    @Test func aContactIsRefusedByTheFieldThatIsWrong() {
        func attempt(
            name: String = "Desk", role: String = "", phone: String = "+1 555 0100", email: String = "",
            notes: String = ""
        ) -> StudyContactError.Code? {
            do {
                _ = try StudyContact.validated(
                    name: name, roleEnglish: role, roleChinese: "", phone: phone, email: email, notesEnglish: notes,
                    notesChinese: "", at: Self.start)
                return nil
            } catch let error as StudyContactError {
                return error.code
            } catch {
                return nil
            }
        }
        #expect(attempt() == nil)
        #expect(attempt(name: "  ") == .name)
        #expect(attempt(name: String(repeating: "x", count: 101)) == .name)
        #expect(attempt(role: "a\nb") == .role)
        #expect(attempt(phone: "call me") == .phone)
        #expect(attempt(phone: "12") == .phone)
        #expect(attempt(phone: "javascript:alert(1)") == .phone)
        #expect(attempt(phone: "", email: "not an address") == .email)
        #expect(attempt(phone: "", email: "") == .noWayToReach)
        #expect(attempt(notes: String(repeating: "n", count: 301)) == .notes)
        #expect(attempt(phone: "", email: "desk@recover.example") == nil)
    }
}
