import Care
import Foundation
import Testing

@Suite struct ProgressTests {
    let day = Parse.day("2025-06-02")

    private func event(_ task: CareTask, outcome: Outcome?, on date: LocalDate) -> CareEvent {
        let scheduleEvent = ScheduleEvent(
            occurrence: 0, element: 0, localStart: date.startOfDay, start: Date(timeIntervalSince1970: 0),
            end: Date(timeIntervalSince1970: 0), isAllDay: true)
        return CareEvent(task: task, scheduleEvent: scheduleEvent, outcome: outcome)
    }

    private func task(
        _ id: String, impacts: Bool = true, rule: ProgressRule = .outcomeExists, targets: [OutcomeValue] = []
    )
        -> CareTask
    {
        CareTask(
            id: id, title: id, schedule: Schedule(.dailyAllDay(from: day, targetValues: targets)),
            impactsAdherence: impacts, progressRule: rule, effectiveDate: day.startOfDay)
    }

    private func outcome(_ values: [OutcomeValue], deleted: Bool = false) -> Outcome {
        var outcome = Outcome(taskID: "t", taskVersionID: "v", occurrenceIndex: 0, values: values)
        if deleted { outcome.deletedDate = Date() }
        return outcome
    }

    @Test func outcomeExistsIsCompleteOnlyWithALiveOutcome() {
        #expect(EventProgress(rule: .outcomeExists, targets: [], outcome: outcome([])).isCompleted)
        #expect(!EventProgress(rule: .outcomeExists, targets: [], outcome: nil).isCompleted)
        #expect(!EventProgress(rule: .outcomeExists, targets: [], outcome: outcome([], deleted: true)).isCompleted)
    }

    @Test func sumOfValuesComparesAgainstTargetsAndFallsBackWithoutThem() {
        let targets = [OutcomeValue(.integer(4)), OutcomeValue(.double(4))]
        let half = EventProgress(
            rule: .sumOfValuesAgainstTargets, targets: targets, outcome: outcome([OutcomeValue(.integer(4))]))
        #expect(half == EventProgress(value: 4, goal: 8))
        #expect(half.fraction == 0.5)
        let over = EventProgress(
            rule: .sumOfValuesAgainstTargets, targets: targets, outcome: outcome([OutcomeValue(.double(12))]))
        #expect(over.isCompleted && over.fraction == 1)
        let noTargets = EventProgress(
            rule: .sumOfValuesAgainstTargets, targets: [], outcome: outcome([OutcomeValue(.text("x"))]))
        #expect(noTargets.isCompleted)
    }

    @Test func adherenceTellsNothingDueFromNoneAndAllAndSkipsNonImpactingTasks() {
        let counted = task("checkin")
        let ignored = task("onboarding", impacts: false)
        let next = day.addingDays(1)
        let events = [
            event(ignored, outcome: outcome([]), on: day),
            event(counted, outcome: nil, on: next),
            event(counted, outcome: outcome([]), on: next.addingDays(1)),
            event(counted, outcome: nil, on: next.addingDays(1)),
            event(counted, outcome: outcome([]), on: next.addingDays(2)),
        ]
        let days = DailyAdherence.days(from: day, through: day.addingDays(3), events: events)
        #expect(days.map(\.state) == [.nothingDue, .notStarted, .partial, .complete])
        #expect(days.map(\.fraction) == [nil, 0, 0.5, 1])
        #expect(DailyAdherence.days(from: next, through: day, events: events).isEmpty)
    }

    @Test func seriesSelectValuesByKindAndLeaveGaps() {
        var first = outcome([OutcomeValue(.integer(3), kind: "pain"), OutcomeValue(.integer(7), kind: "sleep")])
        first.eventStart = day.startOfDay
        var third = outcome([OutcomeValue(.integer(5), kind: "pain"), OutcomeValue(.integer(6), kind: "sleep")])
        third.eventStart = day.addingDays(2).startOfDay
        var deleted = outcome([OutcomeValue(.integer(9), kind: "pain")], deleted: true)
        deleted.eventStart = day.addingDays(1).startOfDay
        let pain = OutcomeSeries(kind: "pain", outcomes: [third, deleted, first])
        let sleep = OutcomeSeries(kind: "sleep", outcomes: [third, deleted, first])
        #expect(pain.points.map(\.value) == [3, 5])
        #expect(sleep.points.map(\.value) == [7, 6])
        #expect(pain.points.map(\.day) == [day, day.addingDays(2)])
    }

    @Test func outcomeValuesEncodeAsOneKeyObjects() throws {
        let values = [
            OutcomeValue(.integer(3), kind: "pain"), OutcomeValue(.double(1.5)), OutcomeValue(.boolean(true)),
            OutcomeValue(.text("left"), unit: "side"), OutcomeValue(.data(Data([1, 2]))),
            OutcomeValue(.date(Date(timeIntervalSince1970: 0))),
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(Array(values.prefix(2))), as: UTF8.self)
        #expect(json == #"[{"content":{"integer":3},"kind":"pain"},{"content":{"double":1.5}}]"#)
        #expect(try JSONDecoder().decode([OutcomeValue].self, from: try encoder.encode(values)) == values)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(OutcomeValue.self, from: Data(#"{"content":{"integer":1,"text":"x"}}"#.utf8))
        }
    }
}
