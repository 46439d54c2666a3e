import CarePostgres
import CareSQLite

extension CareOnConnection {
    /// The care store's area: patients, care plans, contacts, task versions and outcomes. The care stores keep
    /// their migrations in their own modules (`SQLiteCareStore.migrations`, `PostgresCareStore.migrations`: they
    /// open databases of their own too), paired here by name.
    public static let schema = SchemaArea(
        tables: [
            .copied("care_patient", orderedBy: "id"), .copied("care_plan", orderedBy: "id"),
            .copied("care_contact", orderedBy: "id"), .copied("care_task_version", orderedBy: "version_id"),
            .copied("care_outcome", orderedBy: "id"),
        ],
        migrations: SchemaMigration.pairing(sqlite: SQLiteCareStore.migrations, postgres: PostgresCareStore.migrations)
    )
}
