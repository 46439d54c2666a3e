import Care
import CarePostgres
import Foundation
import Postgres
import PostgresTestSupport

/// A new schema on the test server holding the care store; every store made from it is another instance's
/// connection pool on the same data.
struct CareSchema {
    let url: PostgresURL

    init() throws {
        url = try TestDatabase.newSchemaURL()
    }

    /// A store on its own pool, reading through its own cache.
    func store(cache: CareRecordCache = CareRecordCache(), connections: Int = 4) throws -> PostgresCareStore {
        let configuration = PostgresConfiguration(maximumConnections: connections)
        let database = try PostgresDatabase.open(
            url, migrations: PostgresCareStore.migrations, configuration: configuration)
        return PostgresCareStore(database: database, cache: cache)
    }
}

/// The literals of these tests.
enum Sample {
    static let zone = "America/New_York"
    static let created = Date(timeIntervalSince1970: 1_748_000_000)
    static let firstDay = LocalDate(year: 2025, month: 6, day: 1) ?? LocalDate(dayNumber: 0)

    /// A daily task at `hour`:00 from 2025-06-01, without a care plan.
    static func daily(_ id: String, version: String? = nil, hour: Int = 8) -> CareTask {
        let time = LocalTime(hour: hour, minute: 0) ?? .midnight
        return CareTask(
            id: id, versionID: version ?? "\(id)-v1", title: id, schedule: .daily(at: time, from: firstDay),
            effectiveDate: firstDay.startOfDay)
    }

    /// An outcome for event `occurrence` of `task`.
    static func outcome(
        _ id: String, of task: CareTask, occurrence: Int, values: [OutcomeValue] = [OutcomeValue(.boolean(true))]
    ) -> Outcome {
        Outcome(
            id: id, taskID: task.id, taskVersionID: task.versionID, occurrenceIndex: occurrence, values: values,
            createdDate: created)
    }
}
