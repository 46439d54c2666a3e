import RecoverData

/// One migration as a database's `schema_migrations` records it: its name and the checksum of its SQL (on SQLite
/// `Migration.checksum`, FNV-1a; on PostgreSQL the server's `md5` of the text).
struct LandedMigration: Equatable, CustomStringConvertible {
    let name: String
    let checksum: String

    init(_ name: String, _ checksum: String) {
        self.name = name
        self.checksum = checksum
    }

    var description: String { #"LandedMigration("\#(name)", "\#(checksum)")"# }
}

/// Every migration that has landed, in the order a fresh database applies them, with the checksum deployed
/// databases hold (``MigrationHistoryTests``). A new migration adds its line here when it lands (the test's
/// message gives the line and its place); a line here never changes.
enum LandedMigrations {
    static let sqlite: [LandedMigration] = [
        LandedMigration("audit-001-create", "5ba45b118f8084d3"),
        LandedMigration("audit-002-checkpoint", "d2d7bebfcf8df55e"),
        LandedMigration("audit-003-values", "c418cd759be3d72f"),
        LandedMigration("accounts-001-create", "337347cedec729cd"),
        LandedMigration("accounts-002-sign-in-attempt-id", "bac5e5c902164c5b"),
        LandedMigration("accounts-003-recovery", "1010c13c6d59334c"),
        LandedMigration("surveys-001-create", "e2c0328ca97e235e"),
        LandedMigration("surveys-002-draft-study-version", "b9c34d894777f7ef"),
        LandedMigration("care-001-create", "9fee9e3506d49728"),
        LandedMigration("care-002-outcome-values-as-written", "1f244f5cfd8d83fa"),
        LandedMigration("consent-001-create", "a07ca72625016ccb"),
        LandedMigration("consent-003-documents", "9d16ffc7ef841868"),
        LandedMigration("consent-002-server-signature", "b78064a36e508a33"),
        LandedMigration("consent-signing-003-append-only", "e921213219ad358b"),
        LandedMigration("console-001-indexes", "20503441e5b6114f"),
        LandedMigration("jobs-001-create", "031b1b4ff71338b9"),
        LandedMigration("health-001-create", "af04efb4c55c8b6d"),
        LandedMigration("health-002-uploads-and-grant-changes", "acee35fe9c560f14"),
        LandedMigration("messages-001-outbox", "0ac4832b5b80e027"),
        LandedMigration("messages-002-channel", "689aff14e63cc6c7"),
        LandedMigration("reminders-001-preferences", "a8cdb59ae5cc22dc"),
        LandedMigration("calendar-001-feed", "90e4505160fdc2cf"),
        LandedMigration("contact-001-study-contact", "2700c6aa28d8afd5"),
        LandedMigration("push-001-subscriptions", "4320a3e13bdd2cf3"),
        LandedMigration("corrections-001-create", "cf0276a3114cad8b"),
        LandedMigration("study-001-study-version", "e7ad3f1949f83d87"),
        LandedMigration("feed-001-feed-version", "6fa6c67f20c8f526"),
        LandedMigration("console-002-aggregates", "5cd44262e6a2a68e"),
        LandedMigration("console-003-latest-values", "8c5143db02fef479"),
        LandedMigration("console-004-participant-state", "2474db0f11c194c3"),
        LandedMigration("outcome-values-001-rows", "e980cea72b667c6a"),
    ]

    static let postgres: [LandedMigration] = [
        LandedMigration("audit-001-create", "2a01b5462955c29beb0dc37cc76229fa"),
        LandedMigration("audit-002-checkpoint", "4c2fecb2e35c30e6f35a7277c7818dae"),
        LandedMigration("audit-003-values", "ba91d84b89dce937fe6f188a43cb857a"),
        LandedMigration("accounts-001-create", "1e41881e1ce864067139dcaf4266b100"),
        LandedMigration("accounts-002-sign-in-attempt-id", "f4c003d4ed097e1d91d12ae31ec0d9f3"),
        LandedMigration("accounts-003-recovery", "0a6e5ae7fa13553e5fc2aecb2a73ab53"),
        LandedMigration("surveys-001-create", "879964517579cb5fad9b53503d548fae"),
        LandedMigration("care-001-create", "e066915505d252c489309c0eb864612d"),
        LandedMigration("care-002-outcome-values-as-written", "6844ae54c1c0894f877cf47d5cce66b3"),
        LandedMigration("consent-001-create", "ff54a7538ffd2d9b90399c2abe266924"),
        LandedMigration("consent-002-server-signature", "2402c4e8e17a3b0f97105dd41748a38a"),
        LandedMigration("consent-signing-003-append-only", "ba7de502fffe09ee63359b6b6e231f17"),
        LandedMigration("consent-003-documents", "91b2a0e34a82d7a003b1ec5b630d3e9f"),
        LandedMigration("console-001-indexes", "3d23118d473d5643262b39101cb60811"),
        LandedMigration("jobs-001-create", "f65628f23772030c61cbaf2e1597e621"),
        LandedMigration("health-001-create", "87c9003dd2d08b338ffc11fdca09e52c"),
        LandedMigration("health-002-uploads-and-grant-changes", "7585dc1e4ec6f0c5f2c0d772b1bf5dcc"),
        LandedMigration("messages-001-outbox", "cadf78c2b85ce70cd00d4d639aab9b29"),
        LandedMigration("messages-002-channel", "504c49ccde97279c636f9d62ec46787c"),
        LandedMigration("reminders-001-preferences", "deee4db803b0863ceae0e51d473cb68b"),
        LandedMigration("calendar-001-feed", "f30eb2c90c41659b5d5bff8ca824b1a9"),
        LandedMigration("contact-001-study-contact", "22e5d9079c2e439d38016e069c4cbb56"),
        LandedMigration("push-001-subscriptions", "259e2b30214ba83225d7bdca9de66c9c"),
        LandedMigration("corrections-001-create", "ae3f4b6c74eabf4ce356085fa1e571c8"),
        LandedMigration("study-001-study-version", "cb4f9165825e2499a9640d1cd073e63e"),
        LandedMigration("surveys-002-draft-study-version", "d14d053f6ade6f4cabc328931e11229a"),
        LandedMigration("feed-001-feed-version", "01eb7d79dec5705e1dc061f3ba6f9c0d"),
        LandedMigration("console-002-aggregates", "c7a554f87069e9f5f20dfa7d67e16985"),
        LandedMigration("console-003-latest-values", "460e49309777a572b8dafad14ac52b40"),
        LandedMigration("console-004-participant-state", "da0a3182be7733c35a2214293ab64fd0"),
        LandedMigration("outcome-values-001-rows", "20ebafc27024feb8f88587ca9895970f"),
    ]

    /// The migrations recorded in the database, in the order they were applied.
    static func applied(in storage: StudyStorage) throws -> [LandedMigration] {
        let tieBreak = storage.dialect == .sqlite ? "rowid" : "name"
        return try storage.read { db in
            try db.query("SELECT name, checksum FROM schema_migrations ORDER BY applied_at, \(tieBreak)").map { row in
                LandedMigration(try row.string("name"), try row.string("checksum"))
            }
        }
    }

    /// How `applied` differs from `landed` (the list named `list`), one line per difference: empty when they are
    /// the same names and checksums in the same order.
    static func problems(applied: [LandedMigration], landed: [LandedMigration], list: String) -> [String] {
        var problems: [String] = []
        let appliedByName = Dictionary(applied.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let landedNames = Set(landed.map(\.name))
        for migration in landed {
            guard let now = appliedByName[migration.name] else {
                problems.append(
                    "migration \(migration.name) landed but is no longer applied: a landed migration is never removed "
                        + "or renamed (deployed databases hold it); restore it and append a new migration instead")
                continue
            }
            if now.checksum != migration.checksum {
                problems.append(
                    "migration \(migration.name) changed after it landed (checksum \(now.checksum), landed as "
                        + "\(migration.checksum)): every deployed database would refuse to open; restore its SQL "
                        + "byte for byte and append a new migration instead")
            }
        }
        let stillLanded = applied.map(\.name).filter(landedNames.contains)
        if stillLanded != landed.map(\.name).filter({ appliedByName[$0] != nil }) {
            problems.append(
                "the landed migrations are applied in another order than they landed in: keep the order of \(list) "
                    + "(now \(stillLanded.joined(separator: ", ")))")
        }
        for (index, migration) in applied.enumerated() where !landedNames.contains(migration.name) {
            let place = index == 0 ? "at its start" : "after \(applied[index - 1].name)"
            problems.append("migration \(migration.name) is not in \(list): add \(migration) \(place)")
        }
        return problems
    }

    /// `sql` with its first capital letter made small: one character changed, the SQL still valid.
    static func oneCharacterChanged(_ sql: String) -> String {
        guard let index = sql.firstIndex(where: \.isUppercase) else { return sql + " " }
        return sql.replacingCharacters(in: index...index, with: sql[index].lowercased())
    }
}
