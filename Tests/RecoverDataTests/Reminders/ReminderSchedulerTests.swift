import Care
import Foundation
import Recover
import RecoverData
import Testing

/// The scheduler on every backend, and the quiet-hours rule.
@Suite struct ReminderSchedulerTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15 08:00 UTC, 17:00 in Tokyo
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!

    static func at(_ day: String, _ time: String) -> Date {
        LocalDateTime(date: LocalDate(day)!, time: LocalTime(time)!).instant(in: tokyo)
    }

    @Test(arguments: StudyBackend.allCases) func oneReminderPerEventAcrossPassesAndSchedulers(
        backend: StudyBackend
    ) throws {
        let storages = try backend.storages(2)
        let account = Account(
            email: "kenji@example.org", passwordHash: "$argon2id$x", role: .participant, language: "zh-Hans",
            timeZone: "Asia/Tokyo", createdAt: Self.start)
        let day = LocalDate("2027-01-15")!
        let (plan, tasks) = ParticipantPlan.initial(patientID: account.id, joinedOn: day)
        try storages[0].write { db in
            try AccountStore.createAccount(account, in: db)
            _ = try db.care.addPatient(Patient(id: account.id, name: "K", timeZoneIdentifier: "Asia/Tokyo"))
            _ = try db.care.addCarePlan(plan)
            for task in tasks + ParticipantPlan.afterOnboarding(patientID: account.id, completedOn: day) {
                _ = try db.care.addTask(task)
            }
        }
        let schedulers = storages.map {
            ReminderScheduler(database: $0, linkBase: "https://study.example", unsubscribeKey: [1, 2, 3])
        }
        #expect(try schedulers[0].queueDue(studyNow: Self.at("2027-01-16", "07:59"), queuedAt: Self.start).queued == 0)
        let eight = Self.at("2027-01-16", "08:00")
        #expect(try schedulers[0].queueDue(studyNow: eight, queuedAt: Self.start).queued == 1)
        #expect(try schedulers[1].queueDue(studyNow: eight, queuedAt: Self.start).queued == 0, "another instance")
        #expect(
            try schedulers[1].queueDue(studyNow: eight.addingTimeInterval(29 * 60), queuedAt: Self.start).queued == 0)
        let outbox = MessageOutbox(database: storages[0])
        let entry = try #require(try outbox.log().first)
        #expect(entry.kind == .reminder && entry.language == "zh-Hans")
        let message = try #require(try outbox.message(id: entry.id))
        #expect(message.parameters["taskTitle"] == "每日打卡" && message.parameters["time"] == "08:00")
        #expect(message.dedupeKey.hasSuffix(":1:email"))
        // A server that was down from 07:50 to 08:40 skips what is over half an hour late.
        let late = Self.at("2027-01-17", "08:40")
        #expect(try schedulers[0].queueDue(studyNow: late, queuedAt: Self.start).queued == 0)
    }

    @Test func quietHoursMoveTimesInsideThemToTheirEnd() {
        let night = ReminderPreferences(quietStart: LocalTime(hour: 22)!, quietEnd: LocalTime(hour: 7)!)
        func moved(_ text: String, _ preferences: ReminderPreferences) -> String {
            preferences.movedOutOfQuietHours(LocalDateTime(text)!).description
        }
        #expect(moved("2027-01-15T23:30:00", night) == "2027-01-16T07:00:00")
        #expect(moved("2027-01-16T06:59:00", night) == "2027-01-16T07:00:00")
        #expect(moved("2027-01-16T07:00:00", night) == "2027-01-16T07:00:00")
        #expect(moved("2027-01-16T21:59:00", night) == "2027-01-16T21:59:00")
        let lunch = ReminderPreferences(quietStart: LocalTime(hour: 12)!, quietEnd: LocalTime(hour: 13)!)
        #expect(moved("2027-01-16T12:30:00", lunch) == "2027-01-16T13:00:00")
        #expect(moved("2027-01-16T13:00:00", lunch) == "2027-01-16T13:00:00")
        let none = ReminderPreferences(quietStart: LocalTime(hour: 9)!, quietEnd: LocalTime(hour: 9)!)
        #expect(!none.hasQuietHours)
        #expect(moved("2027-01-16T09:00:00", none) == "2027-01-16T09:00:00")
    }
}
