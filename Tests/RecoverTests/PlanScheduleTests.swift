import Care
import Foundation
import Recover
import Testing

struct PlanScheduleTests {
    let zone = TimeZone(identifier: "Asia/Shanghai") ?? .gmt
    let completed = LocalDate(year: 2026, month: 3, day: 10) ?? LocalDate(dayNumber: 0)

    /// Day 1 is the day onboarding is completed.
    func rangeOfMotionEvents(onDay number: Int) -> [ScheduleEvent] {
        ParticipantPlan.rangeOfMotionSchedule(from: completed).events(on: completed.addingDays(number - 1), in: zone)
    }

    @Test func rangeOfMotionIsDueOnDays1To8ThenWeeklyUntilAMonth() {
        for day in [1, 2, 7, 8, 15, 22, 29] {
            #expect(rangeOfMotionEvents(onDay: day).count == 1, "day \(day)")
        }
        for day in [9, 10, 14, 16, 21, 36, 40, 100] {
            #expect(rangeOfMotionEvents(onDay: day).isEmpty, "day \(day)")
        }
    }

    @Test func dayEightHasExactlyOneRangeOfMotionEventEvenWhenCompletedLateInTheDay() {
        let events = rangeOfMotionEvents(onDay: 8)
        #expect(events.count == 1)
        #expect(events.first?.isAllDay == true)
        #expect(events.first?.occurrence == 7)
    }

    @Test func onboardingIsDailyAllDayWithoutEndAndNotCountedInAdherence() throws {
        let joined = completed
        let (plan, tasks) = ParticipantPlan.initial(patientID: "p1", joinedOn: joined)
        let onboarding = try #require(tasks.first)
        #expect(tasks.count == 1)
        #expect(plan.patientID == "p1")
        #expect(onboarding.carePlanID == plan.id)
        #expect(onboarding.impactsAdherence == false)
        #expect(ParticipantPlan.studyTaskID(of: onboarding) == StudyTaskID.onboarding)
        #expect(onboarding.schedule.events(on: joined, in: zone).count == 1)
        #expect(onboarding.schedule.events(on: joined.addingDays(400), in: zone).count == 1)
        #expect(onboarding.schedule.events(on: joined.addingDays(-1), in: zone).isEmpty)
    }

    @Test func checkinFollowsTheChosenTimeAndCountsInAdherence() throws {
        let time = try #require(LocalTime(hour: 19, minute: 30))
        let tasks = ParticipantPlan.afterOnboarding(patientID: "p1", completedOn: completed, checkinTime: time)
        let checkin = try #require(tasks.first { ParticipantPlan.studyTaskID(of: $0) == StudyTaskID.checkin })
        #expect(checkin.impactsAdherence)
        #expect(checkin.id == ParticipantPlan.taskID(StudyTaskID.checkin, patientID: "p1"))
        let event = try #require(checkin.schedule.events(on: completed.addingDays(3), in: zone).first)
        #expect(event.localStart.time == time)
        #expect(checkin.schedule.events(on: completed.addingDays(-1), in: zone).isEmpty)
    }

    @Test func checkinTimeIsReadFromTheGoalsAnswerWithEightAsDefault() {
        let chosen = [OutcomeValue(.text("07:15"), kind: "onboarding.goals.checkinTime")]
        #expect(ParticipantPlan.checkinTime(fromOnboarding: chosen) == LocalTime(hour: 7, minute: 15))
        #expect(ParticipantPlan.checkinTime(fromOnboarding: []) == LocalTime(hour: 8))
        let garbled = [OutcomeValue(.text("25:99"), kind: "onboarding.goals.checkinTime")]
        #expect(ParticipantPlan.checkinTime(fromOnboarding: garbled) == LocalTime(hour: 8))
    }

    @Test func taskIDsArePerParticipant() {
        let first = ParticipantPlan.initial(patientID: "a", joinedOn: completed).tasks.map(\.id)
        let second = ParticipantPlan.initial(patientID: "b", joinedOn: completed).tasks.map(\.id)
        #expect(Set(first).isDisjoint(with: second))
    }
}
