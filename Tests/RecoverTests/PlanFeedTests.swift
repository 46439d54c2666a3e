import Care
import Foundation
import Recover
import Testing

/// Builds feeds from schedules and hand-made outcomes, without a store.
struct PlanFeedTests {
    let zone = TimeZone(identifier: "Europe/Zurich") ?? .gmt
    let joined = LocalDate(year: 2026, month: 3, day: 9) ?? LocalDate(dayNumber: 0)
    var onboardedOn: LocalDate { joined.addingDays(1) }

    func events(_ tasks: [CareTask], on day: LocalDate, outcomes: [String: [OutcomeValue]] = [:]) -> [CareEvent] {
        tasks.flatMap { task in
            task.schedule.events(on: day, in: zone).map { event in
                let key = "\(ParticipantPlan.studyTaskID(of: task) ?? "")@\(event.day)"
                let outcome = outcomes[key].map {
                    Outcome(
                        id: "o-\(key)", taskID: task.id, taskVersionID: task.versionID,
                        occurrenceIndex: event.occurrence, values: $0)
                }
                return CareEvent(task: task, scheduleEvent: event, outcome: outcome)
            }
        }
    }

    var allTasks: [CareTask] {
        ParticipantPlan.initial(patientID: "p", joinedOn: joined).tasks
            + ParticipantPlan.afterOnboarding(patientID: "p", completedOn: onboardedOn)
    }

    func feed(day: LocalDate, today: LocalDate, onboarded: Bool, outcomes: [String: [OutcomeValue]] = [:]) -> CareFeed {
        let week = CareFeed.weekStart(of: day)
        let weekEvents = (0..<7).flatMap { events(allTasks, on: week.addingDays($0), outcomes: outcomes) }
        return CareFeed(
            day: day, today: today, dayEvents: events(allTasks, on: day, outcomes: outcomes), weekEvents: weekEvents,
            isOnboarded: onboarded, zone: zone)
    }

    @Test func gatedFeedShowsOnlyOnboardingOnAnyDay() {
        for offset in [0, 1, 5, 40] {
            let day = joined.addingDays(offset)
            let cards = feed(day: day, today: joined, onboarded: false).cards
            #expect(cards.map(\.studyTaskID) == [StudyTaskID.onboarding], "day +\(offset)")
        }
    }

    @Test func gatedWeekStripShowsNothingDue() {
        let strip = feed(day: joined, today: joined, onboarded: false).week
        #expect(strip.count == 7)
        #expect(strip.allSatisfy { $0.state == .nothingDue })
    }

    @Test func onboardedFeedShowsTodaysTasksWithoutOnboarding() {
        let cards = feed(day: onboardedOn, today: onboardedOn, onboarded: true).cards
        #expect(
            Set(cards.map(\.studyTaskID)) == [
                StudyTaskID.checkin, StudyTaskID.rangeOfMotionCheck, StudyTaskID.weeklyDiary,
                StudyTaskID.kneeBendVideo, StudyTaskID.hearingScreening,
            ])
        #expect(cards.allSatisfy { $0.state == .due && $0.canStart })
    }

    @Test func rangeOfMotionCardAppearsOnDays1_7_8_15Only() {
        func hasCard(_ dayNumber: Int) -> Bool {
            let day = onboardedOn.addingDays(dayNumber - 1)
            return feed(day: day, today: day, onboarded: true).cards.contains {
                $0.studyTaskID == StudyTaskID.rangeOfMotionCheck
            }
        }
        for day in [1, 7, 8, 15] { #expect(hasCard(day), "day \(day)") }
        for day in [9, 14, 40] { #expect(!hasCard(day), "day \(day)") }
    }

    @Test func cardStatesFollowTodayAndOutcomes() throws {
        let today = onboardedOn.addingDays(3)
        let outcomes: [String: [OutcomeValue]] = [
            "checkin@\(today)": [
                OutcomeValue(.integer(3), kind: "checkin.form.pain"),
                OutcomeValue(.integer(7), kind: "checkin.form.sleep", unit: "h"),
            ]
        ]
        let past = feed(day: today.addingDays(-1), today: today, onboarded: true, outcomes: outcomes).cards
        #expect(past.allSatisfy { $0.state == .late && $0.canStart })
        let future = feed(day: today.addingDays(1), today: today, onboarded: true).cards
        #expect(future.allSatisfy { $0.state == .future && !$0.canStart })
        let now = feed(day: today, today: today, onboarded: true, outcomes: outcomes).cards
        let checkin = try #require(now.first { $0.studyTaskID == StudyTaskID.checkin })
        #expect(checkin.state == .done)
        #expect(checkin.outcomeID != nil)
        #expect(checkin.canDelete(on: today))
        #expect(!checkin.canDelete(on: today.addingDays(1)))
    }

    @Test func doneCardsSummariseAnswers() {
        let checkin = AnswerSummary(values: [
            OutcomeValue(.integer(3), kind: "checkin.form.pain"),
            OutcomeValue(.integer(7), kind: "checkin.form.sleep", unit: "h"),
        ])
        let labels = ["checkin.form.pain": "Pain", "checkin.form.sleep": "Sleep", "range": "Range"]
        let units = ["h": "h", "deg": "°"]
        #expect(checkin.text(label: { labels[$0] ?? $0 }, unit: { units[$0] ?? $0 }) == "Pain 3 · Sleep 7 h")
        let range = AnswerSummary(values: [OutcomeValue(.double(81.7), kind: "range", unit: "deg")])
        #expect(range.text(label: { labels[$0] ?? $0 }, unit: { units[$0] ?? $0 }) == "Range 82°")
        let goals = AnswerSummary(values: [OutcomeValue(.text("walk"), kind: "onboarding.goals.goal")])
        #expect(goals.parts.isEmpty)
    }

    @Test func weekStripDistinguishesNothingDueFromNoneAndAllDone() throws {
        // The week of onboarding: days before it have nothing due.
        let today = onboardedOn
        let outcomes: [String: [OutcomeValue]] = [
            "checkin@\(today)": [OutcomeValue(.integer(3), kind: "checkin.form.pain")],
            "rangeOfMotionCheck@\(today)": [OutcomeValue(.double(80), kind: "range", unit: "deg")],
            "weeklyDiary@\(today)": [OutcomeValue(.integer(7), kind: "diary.health")],
        ]
        let strip = feed(day: today, today: today, onboarded: true, outcomes: outcomes).week
        let byDay = Dictionary(uniqueKeysWithValues: strip.map { ($0.day, $0.state) })
        #expect(byDay[today] == .complete)
        #expect(byDay[joined] == .nothingDue, "onboarding day: only onboarding, which does not count")
        let next = try #require(strip.first { $0.day > today })
        #expect(next.state == .notStarted)
    }

    @Test func weekStartsOnMonday() {
        let wednesday = LocalDate(year: 2026, month: 3, day: 11) ?? joined
        #expect(CareFeed.weekStart(of: wednesday) == LocalDate(year: 2026, month: 3, day: 9))
        #expect(CareFeed.weekStart(of: CareFeed.weekStart(of: wednesday)) == LocalDate(year: 2026, month: 3, day: 9))
    }

    @Test func theKOOSIsDueOnEveryDayOfItsTwoWeeksWithoutATimeThenLate() throws {
        // Onboarding day, day 13 and day 14 of its window, then the day after it closes.
        let anchors = StudyAnchors(joined: joined, onboarded: onboardedOn)
        let tasks = StudyPlan(RecoverStudy.shipped).tasksAfterOnboarding(patientID: "p", anchors: anchors)
        func koos(day: LocalDate, today: LocalDate) -> FeedCard? {
            CareFeed(
                day: day, today: today, dayEvents: events(tasks, on: day), weekEvents: [], isOnboarded: true,
                zone: zone
            ).cards.first { $0.studyTaskID == "koos" }
        }
        func card(_ offset: Int) -> FeedCard? {
            let day = onboardedOn.addingDays(offset)
            return koos(day: day, today: day)
        }
        for offset in [0, 6, 13] {
            let koos = try #require(card(offset), "day \(offset)")
            #expect(koos.state == .due, "day \(offset)")
            #expect(koos.time == nil, "a window of days has no time")
            #expect(koos.day == onboardedOn)
        }
        #expect(card(14) == nil, "closed after two weeks")
        // Looked back at from after it closed, it is late; looked ahead at, future.
        #expect(koos(day: onboardedOn, today: onboardedOn.addingDays(20))?.state == .late)
        #expect(koos(day: onboardedOn.addingDays(3), today: onboardedOn.addingDays(-1))?.state == .future)
    }
}
