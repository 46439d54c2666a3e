extension PostgresDatabase {
    /// The advisory lock held while migrating, so that of several instances starting together one migrates and
    /// the others wait, then find the work done.
    public static let migrationLock = AdvisoryLockKey(name: "recover.schema_migrations")

    /// Applies the migrations not yet applied, in list order, each in its own transaction.
    ///
    /// Idempotent: applied migrations are skipped after checking they were not edited since. Migrations
    /// recorded in the database but absent from the list (a newer binary's) are left alone. Throws
    /// ``PostgresError``: `.migration` for a duplicate name or an edited migration, or the failing statement's
    /// error with ``PostgresError/migration`` set; a failed migration leaves nothing of itself behind.
    public func migrate(_ migrations: [PostgresMigration]) throws {
        var seen = Set<String>()
        for migration in migrations where !seen.insert(migration.name).inserted {
            throw PostgresError(
                category: .migration, message: "the migration appears twice in the list", migration: migration.name)
        }
        let connection = try openDedicatedConnection()
        try connection.execute("SELECT pg_advisory_lock($1)", [Self.migrationLock.value])
        defer { _ = try? connection.execute("SELECT pg_advisory_unlock($1)", [Self.migrationLock.value]) }
        try connection.executeUnchecked(
            """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                name text PRIMARY KEY,
                checksum text NOT NULL,
                applied_at timestamptz NOT NULL DEFAULT clock_timestamp()
            )
            """)
        for migration in migrations {
            try apply(migration, on: connection)
        }
    }

    /// The names of the migrations applied, in the order they were applied.
    public func appliedMigrationNames() throws -> [String] {
        try read { db in
            try db.query("SELECT name FROM schema_migrations ORDER BY applied_at, name").map { try $0.string("name") }
        }
    }

    private func apply(_ migration: PostgresMigration, on connection: PostgresConnection) throws {
        try connection.executeUnchecked("BEGIN ISOLATION LEVEL READ COMMITTED")
        do {
            let applied = try connection.queryOne(
                "SELECT checksum = md5($1) AS unchanged FROM schema_migrations WHERE name = $2",
                [migration.sql, migration.name])
            if let applied {
                guard try applied.bool("unchanged") else {
                    throw PostgresError(
                        category: .migration,
                        message: "the migration was changed after it was applied; add a new migration instead",
                        migration: migration.name)
                }
            } else {
                do {
                    try connection.executeUnchecked(migration.sql)
                } catch var error as PostgresError {
                    error.migration = migration.name
                    throw error
                }
                guard connection.isInsideTransaction else {
                    throw PostgresError(
                        category: .migration, message: "a migration must not end its own transaction",
                        migration: migration.name)
                }
                try connection.execute(
                    "INSERT INTO schema_migrations (name, checksum) VALUES ($1, md5($2))",
                    [migration.name, migration.sql])
            }
            try connection.executeUnchecked("COMMIT")
        } catch {
            if connection.isInsideTransaction { _ = try? connection.executeUnchecked("ROLLBACK") }
            throw error
        }
    }
}
