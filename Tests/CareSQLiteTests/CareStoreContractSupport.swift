import Care
import Foundation
import Testing

/// The store implementations the contract suite runs against.
enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case memory
    case sqlite
    case postgres

    var testDescription: String { rawValue }

    /// Every kind that can run here: the PostgreSQL cases need the test server, so where there is none (and CI
    /// is not set) they are left out, with a message.
    static var all: [StoreKind] { allCases.filter { $0 != .postgres || PostgresStoreFactory.isAvailable } }
}

/// A fresh store of one kind; for SQLite a new file in a new temporary folder, for PostgreSQL a new schema on the
/// test server.
struct StoreFixture: Sendable {
    let kind: StoreKind
    let store: any CareStore
    private let reopen: @Sendable () throws -> any CareStore

    init(_ kind: StoreKind) throws {
        self.kind = kind
        switch kind {
        case .memory:
            let store = InMemoryCareStore()
            self.store = store
            reopen = { store }
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "care-contract-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent("care.sqlite")
            store = try SQLiteStoreFactory.open(file)
            reopen = { try SQLiteStoreFactory.open(file) }
        case .postgres:
            let open = try PostgresStoreFactory.newSchema()
            store = try open()
            reopen = open
        }
    }

    /// A second store over the same data: the same object in memory, the file opened again for SQLite, a new
    /// connection pool on the same schema for PostgreSQL.
    func reopened() throws -> any CareStore { try reopen() }
}

/// Literals used across the contract suite.
enum Fixture {
    static let newYork = "America/New_York"
    static let tokyo = "Asia/Tokyo"
    static let created = Date(timeIntervalSince1970: 1_748_000_000)

    static func day(_ text: String) -> LocalDate { LocalDate(text) ?? LocalDate(dayNumber: 0) }
    static func time(_ text: String) -> LocalDateTime { LocalDateTime(text) ?? LocalDate(dayNumber: 0).startOfDay }
    static func clock(_ text: String) -> LocalTime { LocalTime(text) ?? .midnight }

    /// A daily 08:00 check-in from 2025-06-01 in plan `plan-1`.
    static func checkIn(id: String = "checkin", versionID: String = "checkin-v1") -> CareTask {
        CareTask(
            id: id, versionID: versionID, title: "Check-in", instructions: "Rate your pain and sleep.",
            carePlanID: "plan-1", schedule: .daily(at: clock("08:00"), from: day("2025-06-01")),
            tags: ["daily", "survey"], groupIdentifier: "surveys", userInfo: ["survey": "checkin"],
            assetName: "heart", effectiveDate: day("2025-06-01").startOfDay)
    }

    /// A daily all-day onboarding task that does not impact adherence.
    static func onboarding() -> CareTask {
        CareTask(
            id: "onboarding", versionID: "onboarding-v1", title: "Consent and onboarding", carePlanID: "plan-1",
            schedule: .dailyAllDay(from: day("2025-06-01")), impactsAdherence: false, tags: ["onboarding"],
            effectiveDate: day("2025-06-01").startOfDay)
    }

    /// The Recover range-of-motion schedule created 2025-06-02 10:30.
    static func rangeOfMotion() -> CareTask {
        let schedule = Schedule(elements: [
            ScheduleElement(
                start: time("2025-06-02T10:30"), end: time("2025-06-09T10:30"), interval: .days(1),
                duration: .allDay),
            ScheduleElement(
                start: time("2025-06-09T10:30"), end: time("2025-07-02T10:30"), interval: .weeks(1),
                duration: .allDay),
        ])
        return CareTask(
            id: "rangeOfMotionCheck", versionID: "rom-v1", title: "Range of motion", carePlanID: "plan-1",
            schedule: schedule, tags: ["active"], effectiveDate: time("2025-06-02T10:30"))
    }

    static func outcome(
        _ id: String, task: CareTask, occurrence: Int, values: [OutcomeValue] = [OutcomeValue(.boolean(true))]
    ) -> Outcome {
        Outcome(
            id: id, taskID: task.id, taskVersionID: task.versionID, occurrenceIndex: occurrence, values: values,
            createdDate: created)
    }
}

/// Expects `body` to throw exactly `expected`.
func expectStoreError(
    _ expected: CareStoreError, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Void
) async {
    do {
        try await body()
        Issue.record("expected \(expected), nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as CareStoreError {
        #expect(error == expected, sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected \(expected), got \(error)", sourceLocation: sourceLocation)
    }
}
