import CarePostgres
import Foundation
import Postgres

/// The Recover schema on PostgreSQL: the same areas, names and history as the SQLite migrations, in
/// PostgreSQL's types. Ids and wall-clock texts use `COLLATE "C"` so they sort byte for byte, as SQLite's do;
/// instants are `timestamptz`; stored documents and JSON are `bytea`, kept byte for byte. The audit entry's
/// `recorded_at` stays the text its hash covers. Never edit a migration that has landed: append one, here and
/// in the SQLite twin.
extension RecoverSchema {
    /// Every migration of a Recover database on PostgreSQL, in the order they are applied.
    public static let postgresMigrations: [PostgresMigration] =
        [
            auditMigration, AuditTrail.postgresCheckpointMigration, AuditTrail.postgresValuesMigration,
            accountsMigration, accountsAttemptMigration,
            accountsRecoveryMigration, surveysMigration,
        ]
        + PostgresCareStore.migrations + [
            consentMigration, consentSignatureMigration, ConsentSigning.postgresAppendOnlyMigration,
            ConsentStore.postgresDocumentsMigration, consoleMigration,
            BackgroundJobs.postgresMigration,
        ] + HealthStore.postgresMigrations + MessageOutbox.postgresMigrations
        + ReminderPreferenceStore.postgresMigrations + CalendarFeedStore.postgresMigrations
        + StudyContactStore.postgresMigrations + PushSubscriptions.postgresMigrations
        + OutcomeCorrections.postgresMigrations + StudyVersionStore.postgresMigrations
        + [SurveyDataStore.postgresDraftStudyVersion] + FeedVersionStore.postgresMigrations
        + ConsoleAggregates.postgresMigrations + OutcomeValueTable.postgresMigrations

    /// Connects to the study database at `url`, applies the migrations not yet applied (several instances
    /// starting at once apply each once), and records every write in the audit trail as `system` unless the
    /// use case names its actor.
    public static func open(
        postgres url: PostgresURL, configuration: PostgresConfiguration = PostgresConfiguration()
    ) throws -> StudyStorage {
        StudyStorage(
            try PostgresDatabase.open(
                url, migrations: postgresMigrations, configuration: configuration,
                changeRecorder: AuditRecorder(actor: AuditRecorder.systemActor)))
    }

    static let auditMigration = PostgresMigration(
        name: "audit-001-create",
        sql: """
            CREATE TABLE audit_entry (
                sequence bigint NOT NULL UNIQUE,
                recorded_at text COLLATE "C" NOT NULL,
                actor text NOT NULL,
                action text NOT NULL CHECK (action IN ('create', 'update', 'delete', 'read')),
                entity_type text NOT NULL,
                entity_id text COLLATE "C" NOT NULL,
                participant_id text COLLATE "C",
                before_digest text,
                after_digest text,
                previous_hash text NOT NULL,
                entry_hash text NOT NULL
            );
            CREATE INDEX audit_entry_entity ON audit_entry (entity_id, sequence);
            CREATE INDEX audit_entry_participant ON audit_entry (participant_id, sequence);
            CREATE FUNCTION audit_entry_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                RAISE EXCEPTION 'the audit trail is append-only: entries cannot be changed or deleted';
            END;
            $$;
            CREATE TRIGGER audit_entry_no_change BEFORE UPDATE OR DELETE ON audit_entry
                FOR EACH ROW EXECUTE FUNCTION audit_entry_append_only();
            CREATE TRIGGER audit_entry_no_truncate BEFORE TRUNCATE ON audit_entry
                FOR EACH STATEMENT EXECUTE FUNCTION audit_entry_append_only();
            """)

    static let accountsMigration = PostgresMigration(
        name: "accounts-001-create",
        sql: """
            CREATE TABLE account (
                id text COLLATE "C" PRIMARY KEY,
                email text COLLATE "C" NOT NULL UNIQUE,
                password_hash text NOT NULL,
                role text NOT NULL CHECK (role IN ('participant', 'admin', 'researcher')),
                language text,
                time_zone text,
                created_at timestamptz NOT NULL,
                withdrawn_at timestamptz
            );
            CREATE INDEX account_role_created ON account (role, created_at);
            CREATE TABLE invitation (
                code text COLLATE "C" PRIMARY KEY,
                created_by text,
                created_at timestamptz NOT NULL,
                expires_at timestamptz,
                used_at timestamptz,
                used_by_account_id text COLLATE "C" REFERENCES account (id),
                revoked_at timestamptz
            );
            CREATE INDEX invitation_created ON invitation (created_at);
            CREATE TABLE session (
                token_hash text COLLATE "C" PRIMARY KEY,
                account_id text COLLATE "C" NOT NULL REFERENCES account (id) ON DELETE CASCADE,
                csrf_token text NOT NULL,
                created_at timestamptz NOT NULL,
                last_seen_at timestamptz NOT NULL,
                absolute_expiry timestamptz NOT NULL
            );
            CREATE INDEX session_account ON session (account_id);
            CREATE INDEX session_absolute_expiry ON session (absolute_expiry);
            CREATE TABLE sign_in_failure (
                key text COLLATE "C" NOT NULL,
                failed_at timestamptz NOT NULL
            );
            CREATE INDEX sign_in_failure_key ON sign_in_failure (key, failed_at);
            """)

    static let accountsAttemptMigration = PostgresMigration(
        name: "accounts-002-sign-in-attempt-id",
        sql: """
            ALTER TABLE sign_in_failure ADD COLUMN attempt_id text COLLATE "C";
            CREATE INDEX sign_in_failure_attempt ON sign_in_failure (attempt_id);
            """)

    static let accountsRecoveryMigration = PostgresMigration(
        name: "accounts-003-recovery",
        sql: """
            ALTER TABLE account ADD COLUMN deactivated_at timestamptz;
            CREATE TABLE password_reset (
                token_hash text COLLATE "C" PRIMARY KEY,
                account_id text COLLATE "C" NOT NULL REFERENCES account (id) ON DELETE CASCADE,
                requested_by text COLLATE "C",
                created_at timestamptz NOT NULL,
                expires_at timestamptz NOT NULL,
                used_at timestamptz
            );
            CREATE INDEX password_reset_account ON password_reset (account_id, created_at);
            """)

    static let surveysMigration = PostgresMigration(
        name: "surveys-001-create",
        sql: """
            CREATE TABLE survey_draft (
                patient_id text COLLATE "C" NOT NULL,
                task_id text COLLATE "C" NOT NULL,
                occurrence bigint NOT NULL,
                json bytea NOT NULL,
                updated_at timestamptz NOT NULL,
                PRIMARY KEY (patient_id, task_id, occurrence)
            );
            CREATE TABLE survey_result (
                id text COLLATE "C" PRIMARY KEY,
                patient_id text COLLATE "C" NOT NULL,
                task_id text COLLATE "C" NOT NULL,
                occurrence bigint NOT NULL,
                survey_id text NOT NULL,
                completed_at timestamptz NOT NULL,
                json bytea NOT NULL
            );
            CREATE INDEX survey_result_patient_task ON survey_result (patient_id, task_id, completed_at);
            """)

    static let consentMigration = PostgresMigration(
        name: "consent-001-create",
        sql: """
            CREATE TABLE consent_record (
                id text COLLATE "C" PRIMARY KEY,
                patient_id text COLLATE "C" NOT NULL,
                document bytea NOT NULL,
                document_sha256 text NOT NULL,
                document_version text NOT NULL,
                language text NOT NULL,
                printed_name text NOT NULL,
                signature_strokes bytea NOT NULL,
                signature_png bytea NOT NULL,
                signed_at timestamptz NOT NULL,
                utc_offset text NOT NULL,
                time_zone text NOT NULL,
                signature_meaning text NOT NULL,
                binding_hash text NOT NULL,
                server_signature bytea
            );
            CREATE INDEX consent_record_patient ON consent_record (patient_id, signed_at);
            """)

    static let consentSignatureMigration = PostgresMigration(
        name: "consent-002-server-signature",
        sql: """
            CREATE TABLE consent_signature (
                consent_id text COLLATE "C" PRIMARY KEY REFERENCES consent_record (id),
                key_id text NOT NULL,
                signed_text text NOT NULL,
                signature bytea NOT NULL,
                signed_at timestamptz NOT NULL
            );
            """)

    /// The console's indexes: the same statements on both databases.
    static let consoleMigration = PostgresMigration(
        name: ConsoleQueries.migrations[0].name, sql: ConsoleQueries.migrations[0].sql)
}
