/// A table whose every create, change and delete is in the audit trail with the digests of the row, so
/// ``AuditTrail/verifyRecords(in:_:)`` can re-check its live rows against the trail.
public struct AuditedTable: Hashable, Sendable {
    /// The table (the entries' `entity_type`).
    public let name: String
    /// The primary-key column (the entries' `entity_id`).
    public let keyColumn: String
    /// Columns a later migration added, oldest first, NULL in the rows written before it: an entry written
    /// before the migration has a digest without them, so a row still NULL there matches it without them.
    public let laterColumns: [String]

    /// The audited table `name` keyed by `keyColumn`.
    public init(_ name: String, keyColumn: String = "id", laterColumns: [String] = []) {
        self.name = name
        self.keyColumn = keyColumn
        self.laterColumns = laterColumns
    }

    /// The participant-data tables `recover audit verify` re-checks: accounts, outcomes, survey results,
    /// consent records and their server signatures, the consent each value was collected under, and the
    /// consent documents' published versions.
    public static let participantData: [AuditedTable] = [
        AuditedTable("account", laterColumns: ["deactivated_at"]), AuditedTable("care_outcome"),
        AuditedTable("survey_result"), AuditedTable("consent_record"),
        AuditedTable("consent_signature", keyColumn: "consent_id"), AuditedTable("consent_scope"),
        AuditedTable("consent_document"), AuditedTable("outcome_correction"),
    ]

    /// The tables whose changes keep the row's values before and after in `audit_value` (participant-entered
    /// health data and staff corrections of it). Not kept: accounts (the row holds the password hash), consent
    /// records and signatures (the document and the drawn signature are stored once, in the record, which is
    /// append-only), and the study's own configuration.
    public static let valueTables: Set<String> = ["care_outcome", "survey_result", "outcome_correction"]
}

/// A live record that is not what the audit trail says it is. Names the table and id only, never data.
public struct RecordDiscrepancy: Hashable, Sendable, CustomStringConvertible {
    /// How the record differs from the trail.
    public enum Kind: String, Hashable, Sendable {
        /// The row's digest is not the `after_digest` of its last entry (or the trail says it was deleted).
        case edited
        /// The last entry is a create or update (or a tombstone), but the row is gone.
        case deleted
        /// The row has no entry at all.
        case unrecorded
    }

    /// The table.
    public let table: String
    /// The record's id (its key).
    public let id: String
    /// What is wrong.
    public let kind: Kind

    /// `care_outcome o-1: edited`, as `recover audit verify` prints it.
    public var description: String { "\(table) \(id): \(kind.rawValue)" }
}
