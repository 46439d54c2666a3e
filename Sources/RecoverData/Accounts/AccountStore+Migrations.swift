extension AccountStore {
    /// The accounts area: accounts, invitations, sessions, sign-in failures and password resets.
    ///
    /// - `accounts-002-sign-in-attempt-id`: a sign-in attempt is recorded before its password is checked (a
    ///   reservation) and removed by its id when the password was right, so parallel attempts cannot outrun the
    ///   count.
    /// - `accounts-003-recovery`: account recovery (docs/account-recovery.md): staff deactivation, and password
    ///   reset tokens kept only as their SHA-256, single use, each with its expiry.
    public static let schema = SchemaArea(
        tables: [
            .copied("account", orderedBy: "id"), .copied("invitation", orderedBy: "code"),
            .copied("session", orderedBy: "token_hash"),
            .copied("sign_in_failure", orderedBy: "key, failed_at, attempt_id"),
            .copied("password_reset", orderedBy: "token_hash"),
        ],
        migrations: [
            SchemaMigration(
                name: "accounts-001-create",
                sqlite: """
                    CREATE TABLE account (
                        id TEXT PRIMARY KEY NOT NULL,
                        email TEXT NOT NULL UNIQUE,
                        password_hash TEXT NOT NULL,
                        role TEXT NOT NULL CHECK (role IN ('participant', 'admin', 'researcher')),
                        language TEXT,
                        time_zone TEXT,
                        created_at TEXT NOT NULL,
                        withdrawn_at TEXT
                    );
                    CREATE INDEX account_role_created ON account (role, created_at);

                    CREATE TABLE invitation (
                        code TEXT PRIMARY KEY NOT NULL,
                        created_by TEXT,
                        created_at TEXT NOT NULL,
                        expires_at TEXT,
                        used_at TEXT,
                        used_by_account_id TEXT REFERENCES account (id),
                        revoked_at TEXT
                    );
                    CREATE INDEX invitation_created ON invitation (created_at);

                    CREATE TABLE session (
                        token_hash TEXT PRIMARY KEY NOT NULL,
                        account_id TEXT NOT NULL REFERENCES account (id) ON DELETE CASCADE,
                        csrf_token TEXT NOT NULL,
                        created_at TEXT NOT NULL,
                        last_seen_at TEXT NOT NULL,
                        absolute_expiry TEXT NOT NULL
                    );
                    CREATE INDEX session_account ON session (account_id);
                    CREATE INDEX session_absolute_expiry ON session (absolute_expiry);

                    CREATE TABLE sign_in_failure (
                        key TEXT NOT NULL,
                        failed_at TEXT NOT NULL
                    );
                    CREATE INDEX sign_in_failure_key ON sign_in_failure (key, failed_at);
                    """,
                postgres: """
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
                    """),
            SchemaMigration(
                name: "accounts-002-sign-in-attempt-id",
                sqlite: """
                    ALTER TABLE sign_in_failure ADD COLUMN attempt_id TEXT;
                    CREATE INDEX sign_in_failure_attempt ON sign_in_failure (attempt_id);
                    """,
                postgres: """
                    ALTER TABLE sign_in_failure ADD COLUMN attempt_id text COLLATE "C";
                    CREATE INDEX sign_in_failure_attempt ON sign_in_failure (attempt_id);
                    """),
            SchemaMigration(
                name: "accounts-003-recovery",
                sqlite: """
                    ALTER TABLE account ADD COLUMN deactivated_at TEXT;
                    CREATE TABLE password_reset (
                        token_hash TEXT PRIMARY KEY NOT NULL,
                        account_id TEXT NOT NULL REFERENCES account (id) ON DELETE CASCADE,
                        requested_by TEXT,
                        created_at TEXT NOT NULL,
                        expires_at TEXT NOT NULL,
                        used_at TEXT
                    );
                    CREATE INDEX password_reset_account ON password_reset (account_id, created_at);
                    """,
                postgres: """
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
                    """),
        ])
}
