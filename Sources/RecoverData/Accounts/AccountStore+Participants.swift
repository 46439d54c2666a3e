extension AccountStore {
    /// The ids of every participant account, oldest first, inside the caller's transaction. Ids only (small even
    /// for many participants), so a caller can run its queries per participant while it walks them.
    public static func participantIDs(in db: StoreConnection) throws -> [String] {
        var ids: [String] = []
        try db.forEachRow("SELECT id FROM account WHERE role = 'participant' ORDER BY created_at, id") { row in
            ids.append(try row.string("id"))
        }
        return ids
    }

    /// Whether the account `id` exists and is a participant, inside the caller's transaction.
    public static func isParticipant(_ id: String, in db: StoreConnection) throws -> Bool {
        try db.queryOne("SELECT 1 AS found FROM account WHERE id = ? AND role = 'participant'", [id]) != nil
    }
}
