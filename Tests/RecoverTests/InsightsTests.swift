import Care
import Foundation
import Testing

@testable import Recover

@Suite struct InsightsTests {
    let today = LocalDate(year: 2026, month: 11, day: 29)!

    private func checkin(daysAgo: Int, pain: Int?, sleep: Int?, occurrence: Int = 0) -> Outcome {
        var values: [OutcomeValue] = []
        if let pain { values.append(OutcomeValue(.integer(pain), kind: RecoveryInsights.Kind.pain)) }
        if let sleep { values.append(OutcomeValue(.integer(sleep), kind: RecoveryInsights.Kind.sleep, unit: "h")) }
        return outcome(task: "checkin", daysAgo: daysAgo, values: values, occurrence: occurrence)
    }

    private func outcome(task: String, daysAgo: Int, values: [OutcomeValue], occurrence: Int = 0) -> Outcome {
        var outcome = Outcome(
            taskID: task, taskVersionID: "\(task)-v1", occurrenceIndex: occurrence, values: values,
            createdDate: Date(timeIntervalSince1970: 1_800_000_000 + Double(occurrence)))
        outcome.eventStart = LocalDateTime(date: today.addingDays(-daysAgo), time: LocalTime(hour: 8)!)
        return outcome
    }

    @Test func painAndSleepAreSelectedByKindSoTheSecondSeriesIsNotTheFirstTwice() {
        let insights = RecoveryInsights(outcomes: [checkin(daysAgo: 0, pain: 3, sleep: 7)], today: today)
        let day = insights.checkinDays.last
        #expect(day?.day == today)
        #expect(day?.pain == 3)
        #expect(day?.sleep == 7)
    }

    @Test func valuesInAnyOrderInsideTheOutcomeStillLandInTheirSeries() {
        var outcome = checkin(daysAgo: 1, pain: 4, sleep: 6)
        outcome.values.reverse()
        let insights = RecoveryInsights(outcomes: [outcome], today: today)
        #expect(insights.checkinDays[26].pain == 4)
        #expect(insights.checkinDays[26].sleep == 6)
    }

    @Test func missingDaysAreGapsNotZeros() {
        let insights = RecoveryInsights(
            outcomes: [checkin(daysAgo: 0, pain: 2, sleep: 8), checkin(daysAgo: 3, pain: 5, sleep: nil)], today: today)
        #expect(insights.checkinDays.count == 28)
        #expect(insights.checkinDays.first?.day == today.addingDays(-27))
        #expect(insights.checkinDays[26].isEmpty)
        #expect(insights.checkinDays[24].pain == 5)
        #expect(insights.checkinDays[24].sleep == nil)
        #expect(insights.checkinDays.filter { !$0.isEmpty }.count == 2)
    }

    @Test func daysOutsideTheFourWeeksAndDeletedOutcomesAreLeftOut() {
        var deleted = checkin(daysAgo: 2, pain: 9, sleep: 1)
        deleted.deletedDate = Date(timeIntervalSince1970: 1_800_000_100)
        let insights = RecoveryInsights(
            outcomes: [checkin(daysAgo: 28, pain: 9, sleep: 9), deleted], today: today)
        #expect(insights.checkinDays.allSatisfy { $0.isEmpty })
    }

    @Test func weeklyPainComparisonGivesTheDirectionAtOneDecimal() {
        let outcomes = [
            checkin(daysAgo: 0, pain: 3, sleep: 7), checkin(daysAgo: 1, pain: 4, sleep: 7),
            checkin(daysAgo: 7, pain: 4, sleep: 6), checkin(daysAgo: 13, pain: 5, sleep: 6),
            checkin(daysAgo: 14, pain: 10, sleep: 0),
        ]
        let insights = RecoveryInsights(outcomes: outcomes, today: today)
        #expect(insights.pain.thisWeek == 3.5)
        #expect(insights.pain.previousWeek == 4.5)
        #expect(insights.pain.trend == .down)
        #expect(insights.sleep.trend == .up)
    }

    @Test func aWeekWithoutCheckinsHasNoAverage() {
        let insights = RecoveryInsights(outcomes: [checkin(daysAgo: 8, pain: 2, sleep: 8)], today: today)
        #expect(insights.pain.thisWeek == nil)
        #expect(insights.pain.trend == .noValues)
        let onlyThisWeek = RecoveryInsights(outcomes: [checkin(daysAgo: 1, pain: 2, sleep: 8)], today: today)
        #expect(onlyThisWeek.pain.trend == .noPreviousWeek)
    }

    @Test func equalRoundedAveragesAreTheSame() {
        let comparison = WeeklyComparison(thisWeek: 3.44, previousWeek: 3.41)
        #expect(comparison.trend == .same)
    }

    @Test func rangeOfMotionIsChartedOverTimeWithTheGoalFromOnboarding() {
        let range = { (daysAgo: Int, degrees: Double) in
            outcome(
                task: "rangeOfMotionCheck", daysAgo: daysAgo,
                values: [OutcomeValue(.double(degrees), kind: RecoveryInsights.Kind.range, unit: "deg")])
        }
        let onboarding = outcome(
            task: "onboarding", daysAgo: 40,
            values: [
                OutcomeValue(.date(Date(timeIntervalSince1970: 0)), kind: RecoveryInsights.Kind.onboardingCompletion),
                OutcomeValue(.integer(120), kind: RecoveryInsights.Kind.targetKneeBend, unit: "deg"),
            ])
        let insights = RecoveryInsights(outcomes: [range(2, 95), range(35, 70), onboarding], today: today)
        #expect(insights.rangeOfMotion.map(\.degrees) == [70, 95])
        #expect(insights.rangeOfMotion.first?.day == today.addingDays(-35))
        #expect(insights.targetKneeBend == 120)
        #expect(insights.degreesToGoal == 25)
        #expect(RecoveryInsights.hasCompletedOnboarding([onboarding]))
    }

    @Test func withoutAGoalThereIsNoGoalLine() {
        let insights = RecoveryInsights(outcomes: [checkin(daysAgo: 0, pain: 1, sleep: 1)], today: today)
        #expect(insights.targetKneeBend == nil)
        #expect(insights.degreesToGoal == nil)
        #expect(!RecoveryInsights.hasCompletedOnboarding([checkin(daysAgo: 0, pain: 1, sleep: 1)]))
    }
}
