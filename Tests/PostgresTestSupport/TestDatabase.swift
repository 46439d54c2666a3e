import Foundation
import Postgres
import Synchronization
import Testing

/// Schemas on the test server: a fresh one per test (or per fixture), so tests never see each other's tables.
public enum TestDatabase {
    /// Why a suite that needs the server is skipped.
    public static let skipMessage: Comment =
        "no PostgreSQL server: set RECOVER_TEST_DATABASE_URL or install postgresql (scripts/postgres-test-cluster.sh)"

    /// The server's URL; throws why there is none.
    public static func serverURL() throws -> PostgresURL { try TestCluster.url.get() }

    /// A database on the server as it is, without a schema of its own (for terminating backends).
    public static func administrator() throws -> PostgresDatabase {
        try PostgresDatabase.open(serverURL(), configuration: PostgresConfiguration(maximumConnections: 2))
    }

    /// Runs `body` with a database whose `search_path` is a new empty schema, then drops the schema.
    @discardableResult
    public static func withSchema<T>(
        configuration: PostgresConfiguration = PostgresConfiguration(maximumConnections: 4),
        migrations: [PostgresMigration] = [], _ body: (PostgresDatabase, PostgresURL) throws -> T
    ) throws -> T {
        let administrator = try administrator()
        let schema = try createSchema(with: administrator)
        defer {
            _ = try? administrator.withConnection { db in try db.execute("DROP SCHEMA \(schema) CASCADE") }
        }
        let url = try serverURL().setting("options", to: "-c search_path=\(schema)")
        let database = try PostgresDatabase.open(url, migrations: migrations, configuration: configuration)
        defer { database.close() }
        return try body(database, url)
    }

    /// ``withSchema(configuration:migrations:_:)`` for bodies that need only the database.
    @discardableResult
    public static func with<T>(
        configuration: PostgresConfiguration = PostgresConfiguration(maximumConnections: 4),
        migrations: [PostgresMigration] = [], _ body: (PostgresDatabase) throws -> T
    ) throws -> T {
        try withSchema(configuration: configuration, migrations: migrations) { database, _ in try body(database) }
    }

    /// The URL of a new empty schema (its connections' `search_path`), for a fixture that no closure scopes: any
    /// number of databases may be opened on it. It is dropped when the process exits; a cluster of the process's
    /// own goes away with everything in it.
    public static func newSchemaURL() throws -> PostgresURL {
        try serverURL().setting("options", to: "-c search_path=\(try newSchema())")
    }

    /// ``newSchemaURL()`` as URL text with its password (`?options=-c search_path=...`), for a `recover` process.
    public static func newSchemaURLText() throws -> String {
        let schema = try newSchema()
        let text = try TestCluster.urlText.get()
        return text + (text.contains("?") ? "&" : "?") + "options=-c%20search_path%3D\(schema)"
    }

    /// A new empty schema, dropped when the process exits.
    private static func newSchema() throws -> String {
        let administrator = try administrator()
        defer { administrator.close() }
        let schema = try createSchema(with: administrator)
        if !TestCluster.isOwnCluster {
            _ = dropsLeftSchemasAtExit
            leftSchemas.withLock { $0.append(schema) }
        }
        return schema
    }

    private static func createSchema(with administrator: PostgresDatabase) throws -> String {
        // A name we make from hex digits, not input: the one place a test puts a name into SQL text.
        let schema = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try administrator.withConnection { db in try db.execute("CREATE SCHEMA \(schema)") }
        return schema
    }

    private static let leftSchemas = Mutex<[String]>([])

    private static let dropsLeftSchemasAtExit: Void = {
        // A C callback: nothing is captured, the list is a static.
        atexit { TestDatabase.dropLeftSchemas() }
    }()

    private static func dropLeftSchemas() {
        let schemas = leftSchemas.withLock { $0 }
        guard !schemas.isEmpty, let administrator = try? administrator() else { return }
        for schema in schemas {
            _ = try? administrator.withConnection { db in try db.execute("DROP SCHEMA \(schema) CASCADE") }
        }
        administrator.close()
    }
}
