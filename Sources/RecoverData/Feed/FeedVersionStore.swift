import Foundation
import SQLite

/// The feed's version counters (`feed_version`, one row per participant and one, ``sharedRow``, for what every
/// feed shows), kept by triggers on the tables the feed reads.
///
/// Triggers rather than calls in the stores: every write that changes a watched row bumps the counter in its
/// own transaction, whichever use case, console form, command or copy makes it, and a write added later
/// cannot forget to. A write that changes nothing the feed shows may bump it too; that costs one full page,
/// never a stale one.
enum FeedVersionStore {
    /// The row of what all participants' feeds share (no account id is `*`).
    static let sharedRow = "*"

    /// The counters of `participantID` and of what every feed shares, and the study version in force.
    static func version(participantID: String, in db: StoreConnection) throws -> FeedVersion {
        let row = try db.queryOne(
            """
            SELECT (SELECT version FROM feed_version WHERE participant_id = ?) AS participant,
            (SELECT version FROM feed_version WHERE participant_id = ?) AS shared,
            (SELECT max(version) FROM study_version) AS study
            """, [participantID, sharedRow])
        let participant: Int? = try row?["participant"]
        let shared: Int? = try row?["shared"]
        let study: Int? = try row?["study"]
        return FeedVersion(participant: participant ?? 0, study: study ?? 0, shared: shared ?? 0)
    }
}

extension StudyDatabase {
    /// The version of what `participantID`'s feed shows, in one read (``FeedVersion``).
    public func feedVersion(participantID: String) throws -> FeedVersion {
        try database.read { db in try FeedVersionStore.version(participantID: participantID, in: db) }
    }
}
