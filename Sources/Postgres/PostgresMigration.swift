/// One named schema change: plain SQL, applied once, never edited after it has landed.
///
/// Names carry their area so areas never collide (`accounts-001-create`, `care-001-create`), as with SQLite.
/// The SQL may hold several statements; it runs in one transaction with the record of its application in
/// `schema_migrations`, whose checksum (the server's MD5 of the SQL) catches a later edit.
public struct PostgresMigration: Hashable, Sendable {
    /// The unique name, `<area>-<number>-<what>`.
    public let name: String
    /// The statements, without arguments.
    public let sql: String

    /// A migration.
    public init(name: String, sql: String) {
        self.name = name
        self.sql = sql
    }
}
