import Care
import Foundation
import Testing

/// The store contract for events, progress, adherence and time zones.
@Suite struct CareStoreContractEventTests {
    @Test(arguments: StoreKind.all) func dayFeedJoinsEventsOfAllTasksWithTheirOutcomes(kind: StoreKind) async throws {
        let store = try StoreFixture(kind).store
        let checkIn = try await store.addTask(Fixture.checkIn())
        _ = try await store.addTask(Fixture.onboarding())
        let rom = try await store.addTask(Fixture.rangeOfMotion())
        let recorded = try await store.addOutcome(Fixture.outcome("r-1", task: rom, occurrence: 1))
        let feed = try await store.events(on: Fixture.day("2025-06-03"), timeZoneIdentifier: Fixture.newYork)
        #expect(feed.map(\.task.id) == ["onboarding", "rangeOfMotionCheck", "checkin"])
        #expect(feed.map(\.outcome) == [nil, recorded, nil])
        #expect(feed.map(\.scheduleEvent.occurrence) == [2, 1, 2])
        #expect(feed.map(\.progress.isCompleted) == [false, true, false])
        let onlyCheckIn = try await store.events(
            on: Fixture.day("2025-06-03"), timeZoneIdentifier: Fixture.newYork, taskIDs: [checkIn.id])
        #expect(onlyCheckIn.count == 1)
        let paged = try await store.events(
            EventQuery(
                from: Fixture.day("2025-06-01"), through: Fixture.day("2025-06-30"),
                timeZoneIdentifier: Fixture.newYork, taskIDs: ["rangeOfMotionCheck"]))
        #expect(paged.map(\.scheduleEvent.occurrence) == Array(0..<11))
        #expect(Set(paged.map(\.scheduleEvent.day)).count == 11)
        var page = EventQuery(day: Fixture.day("2025-06-03"), timeZoneIdentifier: Fixture.newYork)
        page.limit = 1
        page.offset = 1
        #expect(try await store.events(page).map(\.task.id) == ["rangeOfMotionCheck"])
        #expect(
            try await store.events(
                on: Fixture.day("2025-06-03"), timeZoneIdentifier: Fixture.newYork, carePlanIDs: ["plan-9"]
            ).isEmpty)
    }

    @Test(arguments: StoreKind.all) func dayWithNothingDueIsNotFullAdherence(kind: StoreKind) async throws {
        let store = try StoreFixture(kind).store
        _ = try await store.addTask(Fixture.onboarding())
        let rom = try await store.addTask(Fixture.rangeOfMotion())
        _ = try await store.addOutcome(Fixture.outcome("r-0", task: rom, occurrence: 0))
        let week = try await store.dailyAdherence(
            from: Fixture.day("2025-06-01"), through: Fixture.day("2025-06-10"), timeZoneIdentifier: Fixture.newYork)
        #expect(week.count == 10)
        #expect(week[0].state == .nothingDue)
        #expect(week[0].fraction == nil)
        #expect(week[1].state == .complete)
        #expect(week[2].state == .notStarted)
        #expect(week[2].fraction == 0)
        #expect(week.map(\.dueCount) == [0, 1, 1, 1, 1, 1, 1, 1, 1, 0])
    }

    @Test(arguments: StoreKind.all) func sumOfValuesProgressCountsAgainstTargets(kind: StoreKind) async throws {
        let store = try StoreFixture(kind).store
        let element = ScheduleElement.dailyAllDay(
            from: Fixture.day("2025-06-01"), targetValues: [OutcomeValue(.integer(10), kind: "steps")])
        let task = try await store.addTask(
            CareTask(
                id: "exercise", versionID: "exercise-v1", title: "Exercise", schedule: Schedule(element),
                progressRule: .sumOfValuesAgainstTargets, effectiveDate: Fixture.day("2025-06-01").startOfDay))
        _ = try await store.addOutcome(
            Fixture.outcome(
                "e-0", task: task, occurrence: 0,
                values: [OutcomeValue(.integer(3), kind: "steps"), OutcomeValue(.integer(2), kind: "steps")]))
        let event = try #require(
            try await store.events(on: Fixture.day("2025-06-01"), timeZoneIdentifier: Fixture.newYork).first)
        #expect(event.progress == EventProgress(value: 5, goal: 10))
        #expect(!event.progress.isCompleted)
        let day = try await store.dailyAdherence(
            from: Fixture.day("2025-06-01"), through: Fixture.day("2025-06-01"), timeZoneIdentifier: Fixture.newYork)
        #expect(day.map(\.state) == [.partial])
        #expect(day.first?.fraction == 0.5)
    }

    @Test(arguments: StoreKind.all) func patientMovingZonesKeepsWallClockTimesAndOutcomes(kind: StoreKind) async throws
    {
        let store = try StoreFixture(kind).store
        var patient = try await store.addPatient(
            Patient(id: "p-1", name: "Ada", birthDate: Fixture.day("1980-04-02"), timeZoneIdentifier: Fixture.newYork))
        let plan = try await store.addCarePlan(CarePlan(id: "plan-1", title: "Knee recovery", patientID: "p-1"))
        _ = try await store.addContact(
            Contact(
                id: "c-1", name: "Dr. Lee", role: "Coordinator", phone: "+1 555 0100", email: "lee@example.org",
                carePlanID: plan.id))
        let task = try await store.addTask(Fixture.checkIn())
        _ = try await store.addOutcome(Fixture.outcome("o-9", task: task, occurrence: 9))
        patient.timeZoneIdentifier = Fixture.tokyo
        _ = try await store.updatePatient(patient)
        let zone = try #require(try await store.patient(id: "p-1")?.timeZoneIdentifier)
        let feed = try await store.events(on: Fixture.day("2025-06-10"), timeZoneIdentifier: zone)
        let tokyo = try #require(TimeZone(identifier: zone))
        #expect(feed.map { ZonedTimeFormat.string($0.scheduleEvent.start, in: tokyo) } == ["2025-06-10T08:00:00+09:00"])
        #expect(feed.map(\.outcome?.id) == ["o-9"])
        #expect(try await store.carePlans(patientID: "p-1") == [plan])
        #expect(try await store.contacts(carePlanID: "plan-1").map(\.name) == ["Dr. Lee"])
        patient.timeZoneIdentifier = "Mars/Olympus"
        await expectStoreError(.unknownTimeZone("Mars/Olympus")) { _ = try await store.updatePatient(patient) }
        await expectStoreError(.unknownTimeZone("Mars/Olympus")) {
            _ = try await store.events(on: Fixture.day("2025-06-10"), timeZoneIdentifier: "Mars/Olympus")
        }
        await expectStoreError(.duplicateID(entity: "patient", id: "p-1")) {
            _ = try await store.addPatient(Patient(id: "p-1", name: "Twin", timeZoneIdentifier: Fixture.tokyo))
        }
        await expectStoreError(.unknownPatient("p-2")) {
            _ = try await store.addCarePlan(CarePlan(id: "plan-2", title: "Other", patientID: "p-2"))
        }
    }

    @Test(arguments: StoreKind.all) func eightWritersAndEightReadersLoseAndDuplicateNothing(kind: StoreKind)
        async throws
    {
        let store = try StoreFixture(kind).store
        let task = try await store.addTask(Fixture.checkIn())
        let perWriter = 25
        try await withThrowingTaskGroup(of: Int.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    for item in 0..<perWriter {
                        let occurrence = writer * perWriter + item
                        let outcome = Fixture.outcome("w\(writer)-\(item)", task: task, occurrence: occurrence)
                        _ = try await store.addOutcome(outcome)
                        // A retried write with the same id must not add a second outcome.
                        _ = try await store.addOutcome(outcome)
                    }
                    return 0
                }
            }
            for _ in 0..<8 {
                group.addTask {
                    var seen = 0
                    for _ in 0..<20 {
                        seen += try await store.outcomes(OutcomeQuery(taskIDs: ["checkin"])).count
                        seen += try await store.events(
                            on: Fixture.day("2025-06-20"), timeZoneIdentifier: Fixture.newYork
                        ).count
                    }
                    return seen
                }
            }
            for try await _ in group {}
        }
        let stored = try await store.outcomes(OutcomeQuery())
        #expect(stored.count == 8 * perWriter)
        #expect(Set(stored.map(\.occurrenceIndex)) == Set(0..<(8 * perWriter)))
    }
}
