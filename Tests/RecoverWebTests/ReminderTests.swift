import Care
import Cryptography
import Delivery
import Foundation
import MailTestSupport
import Recover
import RecoverApp
import RecoverData
import RecoverWeb
import Testing
import Web

extension RecoveryFixture {
    /// An onboarded participant in `zone` whose check-in is due daily at `checkin`, from the clock's local day.
    func onboardedParticipant(_ email: String, zone: String, checkin: LocalTime) throws -> Account {
        let account = Account(
            email: email, passwordHash: try PasswordHasher(strength: .minimum).hash(Self.password), role: .participant,
            language: "en", timeZone: zone, createdAt: clock.now)
        let day = LocalDateTime(instant: clock.now, in: TimeZone(identifier: zone)!).date
        let (plan, tasks) = ParticipantPlan.initial(patientID: account.id, joinedOn: day)
        let later = ParticipantPlan.afterOnboarding(patientID: account.id, completedOn: day, checkinTime: checkin)
        try recover.folder.records.database.write { db in
            try AccountStore.createAccount(account, in: db)
            _ = try db.care.addPatient(Patient(id: account.id, name: email, timeZoneIdentifier: zone))
            _ = try db.care.addCarePlan(plan)
            for task in tasks + later { _ = try db.care.addTask(task) }
            _ = try db.care.addOutcome(
                Outcome(
                    taskID: tasks[0].id, taskVersionID: tasks[0].versionID, occurrenceIndex: 0,
                    values: [OutcomeValue(.date(clock.now), kind: "onboarding.completionStep")],
                    createdDate: clock.now))
        }
        return account
    }

    /// Moves the clock to `time` on the next local day in `zone` that has it after now.
    func moveTo(_ time: LocalTime, in zone: String, daysAhead: Int = 1) {
        let tz = TimeZone(identifier: zone)!
        let day = LocalDateTime(instant: clock.now, in: tz).date.addingDays(daysAhead)
        clock.advance(by: LocalDateTime(date: day, time: time).instant(in: tz).timeIntervalSince(clock.now))
    }

    /// Records the participant's check-in of `occurrence` with a pain score of `pain`, now.
    func checkIn(_ participant: Account, occurrence: Int, pain: Int) throws {
        let checkin = ParticipantPlan.taskID(StudyTaskID.checkin, patientID: participant.id)
        try recover.folder.records.database.write { db in
            let task = try #require(try db.care.tasks(CareTaskQuery(ids: [checkin])).first)
            _ = try db.care.addOutcome(
                Outcome(
                    taskID: checkin, taskVersionID: task.versionID, occurrenceIndex: occurrence,
                    values: [OutcomeValue(.integer(pain), kind: RecoverSurveys.Checkin.pain)], createdDate: clock.now))
        }
    }

    /// The reminder e-mails in the outbox, oldest first.
    func reminderLog() throws -> [MessageLogEntry] {
        try recover.mail.outbox.log(MessageLogQuery(kind: .reminder)).reversed()
    }
}

/// Reminders at the participant's own time: one e-mail per due event, none once done, none after withdrawal,
/// moved out of quiet hours, none when paused, and the one-click unsubscribe.
@Suite(.enabled(if: SMTPTestServer.isAvailable, SMTPTestServer.skipMessage))
struct ReminderTests {
    static let tokyo = "Asia/Tokyo"
    static let eight = LocalTime(hour: 8)!

    @Test func aTokyoCheckinDueAtEightGetsExactlyOneEmailAndOnePushAtEightTokyoTime() throws {
        let fixture = try RecoveryFixture()
        let participant = try fixture.onboardedParticipant("kenji@example.org", zone: Self.tokyo, checkin: Self.eight)
        let pushService = try PushTestEndpoint.start()
        _ = try PushSubscriptions(database: fixture.recover.folder.records.database).subscribe(
            PushSubscriptionRequest(
                endpoint: pushService.url("/push/kenji-phone"), p256dh: pushService.p256dh, auth: pushService.auth),
            participantID: participant.id, at: fixture.clock.now)
        fixture.moveTo(LocalTime(hour: 7, minute: 59)!, in: Self.tokyo)
        #expect(try fixture.recover.reminders.queueDue().queued == 0, "not before 08:00")
        fixture.clock.advance(by: 60)
        #expect(LocalDateTime(instant: fixture.clock.now, in: TimeZone(identifier: Self.tokyo)!).time == Self.eight)
        #expect(try fixture.recover.reminders.queueDue().queued == 2, "one e-mail and one push")
        for _ in 0..<3 {
            fixture.clock.advance(by: 300)
            #expect(try fixture.recover.reminders.queueDue().queued == 0, "still one")
        }
        let mails = try fixture.deliver(waitingFor: 1)
        #expect(mails.count == 1)
        let mail = mails[0]
        #expect(mail.headers["to"] == "<kenji@example.org>")
        #expect(mail.headers["subject"] == "Reminder: your daily check-in at 08:00")
        #expect(mail.headers["list-unsubscribe-post"] == "List-Unsubscribe=One-Click")
        let unsubscribe = try #require(mail.headers["list-unsubscribe"])
        #expect(unsubscribe.hasPrefix("<https://recover.test/reminders/unsubscribe/\(participant.id)/"))
        let body = mail.parts[0].body
        #expect(body.contains("https://recover.test/survey/checkin/1"), "the link opens the task")
        let pushed = try pushService.waitForRequests(1)
        let states = try fixture.reminderLog().map { "\($0.channel) \($0.state) \($0.lastError ?? "-")" }
        #expect(pushed.count == 1, "\(states)")
        let payload = try #require(pushed[0].payload, "the push message decrypts at the test endpoint")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: String])
        #expect(json["url"] == "/survey/checkin/1", "tapping opens the task")
        #expect(json["title"] == "Reminder: your daily check-in")
        #expect(pushed[0].claims["sub"] == "mailto:study@recover.test")
        let sent = try fixture.reminderLog()
        #expect(sent.count == 2 && sent.allSatisfy { $0.state == .sent })
        #expect(Set(sent.map(\.channel)) == [.email, .push])
    }

    @Test func noReminderOnceTheCheckinIsDoneNorAfterWithdrawal() throws {
        let fixture = try RecoveryFixture()
        let participant = try fixture.onboardedParticipant("kenji@example.org", zone: Self.tokyo, checkin: Self.eight)
        // Tomorrow's check-in (occurrence 1) done at 07:30, before its reminder.
        fixture.moveTo(LocalTime(hour: 7, minute: 30)!, in: Self.tokyo)
        try fixture.checkIn(participant, occurrence: 1, pain: 3)
        fixture.clock.advance(by: 30 * 60)
        #expect(try fixture.recover.reminders.queueDue().queued == 0, "done before its time: no reminder")
        try fixture.recover.folder.records.database.write { db in
            try AccountStore.withdraw(accountID: participant.id, at: fixture.clock.now, in: db)
        }
        fixture.moveTo(Self.eight, in: Self.tokyo)
        #expect(try fixture.recover.reminders.queueDue().queued == 0, "never after withdrawal")
        #expect(try fixture.reminderLog().isEmpty)
    }

    @Test func quietHoursMoveAReminderToTheirEndAndAPauseStopsIt() throws {
        let fixture = try RecoveryFixture()
        let participant = try fixture.onboardedParticipant("kenji@example.org", zone: Self.tokyo, checkin: Self.eight)
        let settings = fixture.recover.reminders.pages.settings
        try settings.save(
            ReminderPreferences(quietStart: LocalTime(hour: 22)!, quietEnd: LocalTime(hour: 9)!),
            participantID: participant.id, at: fixture.clock.now)
        fixture.moveTo(Self.eight, in: Self.tokyo)
        #expect(try fixture.recover.reminders.queueDue().queued == 0, "08:00 is inside the quiet hours")
        fixture.clock.advance(by: 3600)
        #expect(try fixture.recover.reminders.queueDue().queued == 1, "sent at 09:00, when they end")
        try settings.save(ReminderPreferences(paused: true), participantID: participant.id, at: fixture.clock.now)
        fixture.moveTo(Self.eight, in: Self.tokyo)
        #expect(try fixture.recover.reminders.queueDue().queued == 0, "paused")
        try settings.save(ReminderPreferences(email: false), participantID: participant.id, at: fixture.clock.now)
        fixture.moveTo(Self.eight, in: Self.tokyo)
        #expect(try fixture.recover.reminders.queueDue().queued == 0, "e-mail turned off")
        #expect(try fixture.reminderLog().count == 1)
    }

    @Test func theRemindersPageSavesChoicesAndRefusesABadTime() throws {
        let fixture = try RecoveryFixture()
        let participant = try fixture.onboardedParticipant("kenji@example.org", zone: Self.tokyo, checkin: Self.eight)
        var browser = fixture.client()
        browser.signIn(participant.email)
        #expect(browser.get("/account").text.contains("href=\"/account/reminders\""))
        let page = browser.get("/account/reminders")
        #expect(page.status == .ok)
        #expect(page.text.contains("name=\"email\"") && page.text.contains("checked"))
        let bad = browser.post(
            "/account/reminders", form: ["email": "on", "quiet": "on", "quietStart": "25:00", "quietEnd": "07:00"])
        #expect(bad.status == .badRequest)
        #expect(try fixture.recover.reminders.pages.settings.preferences(participantID: participant.id) == .standard)
        let saved = browser.post(
            "/account/reminders", form: ["push": "on", "quiet": "on", "quietStart": "21:30", "quietEnd": "07:00"])
        #expect(saved.header("Location") == "/account/reminders?saved=1")
        let stored = try fixture.recover.reminders.pages.settings.preferences(participantID: participant.id)
        #expect(
            stored
                == ReminderPreferences(
                    email: false, push: true, quietStart: LocalTime(hour: 21, minute: 30)!,
                    quietEnd: LocalTime(hour: 7)!))
    }

    @Test func theOneClickUnsubscribeTurnsEmailOffWithoutASession() throws {
        let fixture = try RecoveryFixture()
        let participant = try fixture.onboardedParticipant("kenji@example.org", zone: Self.tokyo, checkin: Self.eight)
        let token = fixture.recover.reminders.scheduler.unsubscribeToken(participantID: participant.id)
        let path = "/reminders/unsubscribe/\(participant.id)/\(token)"
        var mailClient = fixture.client()
        let forged = mailClient.post(
            "/reminders/unsubscribe/\(participant.id)/\(String(token.reversed()))",
            form: ["List-Unsubscribe": "One-Click"],
            includeCSRF: false)
        #expect(forged.status == .notFound)
        #expect(try fixture.recover.reminders.pages.settings.preferences(participantID: participant.id).email)
        let done = mailClient.post(path, form: ["List-Unsubscribe": "One-Click"], includeCSRF: false)
        #expect(done.status == .ok)
        #expect(try !fixture.recover.reminders.pages.settings.preferences(participantID: participant.id).email)
        #expect(mailClient.get(path).text.contains("Stop reminder emails"))
    }
}

/// The study team's daily digest: counts and links, never a name or a value; once a day, only with alerts.
@Suite(.enabled(if: SMTPTestServer.isAvailable, SMTPTestServer.skipMessage))
struct StaffDigestTests {
    @Test func theTeamGetsOneDigestADayWithCountsAndNoValues() throws {
        let fixture = try RecoveryFixture()
        try fixture.account("admin@example.org", role: .admin)
        let researcher = try fixture.account("res@example.org", role: .researcher)
        let participant = try fixture.onboardedParticipant("pat@example.org", zone: "UTC", checkin: LocalTime(hour: 8)!)
        fixture.moveTo(LocalTime(hour: 7)!, in: "UTC")
        #expect(try fixture.recover.reminders.queueDigest() == 0, "no alert yet, and not 08:00")
        try fixture.checkIn(participant, occurrence: 1, pain: 9)
        try fixture.recover.folder.records.database.write { db in
            try AccountRecovery.deactivateForTest(researcher.id, in: db)
        }
        #expect(try fixture.recover.reminders.queueDigest() == 0, "before 08:00")
        fixture.clock.advance(by: 3600)
        #expect(try fixture.recover.reminders.queueDigest() == 1, "the admin; the deactivated researcher gets none")
        fixture.clock.advance(by: 3600)
        #expect(try fixture.recover.reminders.queueDigest() == 0, "once a day")
        let mail = try fixture.deliver(waitingFor: 1)[0]
        #expect(mail.headers["to"] == "<admin@example.org>")
        let text = mail.parts[0].body
        #expect(text.contains("Last pain score of 8 or more: 1 participants"))
        #expect(text.contains("https://recover.test/console"))
        #expect(!text.contains("pat@example.org") && !text.contains(" 9"), "no participant and no value")
    }
}

extension AccountRecovery {
    /// Deactivates a staff account directly (the fixture has no second admin to do it).
    static func deactivateForTest(_ accountID: String, in db: StoreConnection) throws {
        try AccountStore.setDeactivated(accountID: accountID, at: Date(), in: db)
    }
}
