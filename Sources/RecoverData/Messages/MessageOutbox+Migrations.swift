extension MessageOutbox {
    /// The outbox: one row per message to send (docs/messages.md).
    public static let schema = SchemaArea(
        tables: [.copied("message_outbox", orderedBy: "id")],
        migrations: [
            SchemaMigration(
                name: "messages-001-outbox",
                sqlite: """
                    -- One row per message to send: to whom, what kind, the template's values (never health data, never
                    -- a body) and where its delivery stands. last_error is a code, never a server's text.
                    CREATE TABLE message_outbox (
                        id TEXT PRIMARY KEY NOT NULL,
                        kind TEXT NOT NULL,
                        recipient TEXT NOT NULL,
                        language TEXT NOT NULL,
                        parameters TEXT NOT NULL,
                        dedupe_key TEXT NOT NULL UNIQUE,
                        state TEXT NOT NULL CHECK (state IN ('queued', 'sending', 'sent', 'failed')),
                        attempts INTEGER NOT NULL,
                        next_attempt_at TEXT NOT NULL,
                        lease_owner TEXT,
                        lease_expires_at TEXT,
                        sent_at TEXT,
                        last_error TEXT,
                        created_at TEXT NOT NULL
                    );
                    CREATE INDEX message_outbox_due ON message_outbox (state, next_attempt_at);
                    CREATE INDEX message_outbox_created ON message_outbox (created_at);
                    CREATE INDEX message_outbox_recipient ON message_outbox (recipient, created_at);
                    """,
                postgres: """
                    CREATE TABLE message_outbox (
                        id text COLLATE "C" PRIMARY KEY,
                        kind text COLLATE "C" NOT NULL,
                        recipient text COLLATE "C" NOT NULL,
                        language text COLLATE "C" NOT NULL,
                        parameters text NOT NULL,
                        dedupe_key text COLLATE "C" NOT NULL UNIQUE,
                        state text COLLATE "C" NOT NULL CHECK (state IN ('queued', 'sending', 'sent', 'failed')),
                        attempts bigint NOT NULL,
                        next_attempt_at timestamptz NOT NULL,
                        lease_owner text COLLATE "C",
                        lease_expires_at timestamptz,
                        sent_at timestamptz,
                        last_error text COLLATE "C",
                        created_at timestamptz NOT NULL
                    );
                    CREATE INDEX message_outbox_due ON message_outbox (state, next_attempt_at);
                    CREATE INDEX message_outbox_created ON message_outbox (created_at);
                    CREATE INDEX message_outbox_recipient ON message_outbox (recipient, created_at);
                    """),
            SchemaMigration(
                name: "messages-002-channel",
                sqlite: """
                    -- How a message goes: 'email' (recipient: an address) or 'push' (recipient: a push_subscription id).
                    ALTER TABLE message_outbox ADD COLUMN channel TEXT NOT NULL DEFAULT 'email';
                    """,
                postgres: """
                    ALTER TABLE message_outbox ADD COLUMN channel text COLLATE "C" NOT NULL DEFAULT 'email';
                    """),
        ])
}
