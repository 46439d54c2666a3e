extension PushSubscriptions {
    /// The push tables: the subscriptions and the VAPID key (``VAPIDKeys``).
    public static let schema = SchemaArea(
        tables: [.copied("push_subscription", orderedBy: "id"), .copied("push_vapid_key", orderedBy: "id")],
        migrations: [
            SchemaMigration(
                name: "push-001-subscriptions",
                sqlite: """
                    -- One row per browser a participant allowed push in: the push service's endpoint and the keys
                    -- messages are encrypted with (RFC 8291). endpoint is unique: the same browser replaces its row.
                    CREATE TABLE push_subscription (
                        id TEXT PRIMARY KEY NOT NULL,
                        participant_id TEXT NOT NULL,
                        endpoint TEXT NOT NULL UNIQUE,
                        p256dh TEXT NOT NULL,
                        auth TEXT NOT NULL,
                        label TEXT,
                        created_at TEXT NOT NULL
                    );
                    CREATE INDEX push_subscription_participant ON push_subscription (participant_id, created_at);
                    -- The server's VAPID key pair (RFC 8292), one row, shared by every instance; base64url.
                    CREATE TABLE push_vapid_key (
                        id TEXT PRIMARY KEY NOT NULL,
                        private_key TEXT NOT NULL,
                        public_key TEXT NOT NULL,
                        created_at TEXT NOT NULL
                    );
                    """,
                postgres: """
                    CREATE TABLE push_subscription (
                        id text COLLATE "C" PRIMARY KEY,
                        participant_id text COLLATE "C" NOT NULL,
                        endpoint text COLLATE "C" NOT NULL UNIQUE,
                        p256dh text NOT NULL,
                        auth text NOT NULL,
                        label text,
                        created_at timestamptz NOT NULL
                    );
                    CREATE INDEX push_subscription_participant ON push_subscription (participant_id, created_at);
                    CREATE TABLE push_vapid_key (
                        id text COLLATE "C" PRIMARY KEY,
                        private_key text NOT NULL,
                        public_key text NOT NULL,
                        created_at timestamptz NOT NULL
                    );
                    """)
        ])
}
