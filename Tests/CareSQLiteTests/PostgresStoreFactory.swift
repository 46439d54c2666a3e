import Care
import CarePostgres
import Postgres
import PostgresTestSupport

/// Opens the PostgreSQL care store for the contract suite, on the test server of `PostgresTestSupport`.
enum PostgresStoreFactory {
    /// Whether the postgres cases run: there is a server, or CI is set and they must fail without one.
    static let isAvailable: Bool = {
        let available = TestCluster.isAvailable
        if !available { print("Care store contract: the postgres cases are skipped: \(TestDatabase.skipMessage)") }
        return available
    }()

    /// Makes a new schema and returns what opens a store on it (each call a new connection pool).
    static func newSchema() throws -> @Sendable () throws -> any CareStore {
        let url = try TestDatabase.newSchemaURL()
        return { try PostgresCareStore.open(url, configuration: PostgresConfiguration(maximumConnections: 4)) }
    }
}
