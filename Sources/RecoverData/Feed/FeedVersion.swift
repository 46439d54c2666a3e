/// How far what a participant's feed shows has changed: a validator for the feed page, read in one cheap
/// query before any of the feed's own reads (``StudyDatabase/feedVersion(participantID:)``).
///
/// The counters are bumped by database triggers in the transaction of every write that changes what the feed
/// shows (``FeedVersionStore``), so no write path can forget one. A page made after reading a version shows
/// that version's records or later ones; the same version read again means nothing it shows has changed.
public struct FeedVersion: Hashable, Sendable {
    /// The participant's own records: outcomes, drafts, tasks and plan, consent, account, health uploads,
    /// corrections. 0 before their first write.
    public let participant: Int
    /// The study version in force (the highest applied), 0 before any.
    public let study: Int
    /// What every participant's feed shares: the contact card, published consent documents, study versions.
    public let shared: Int

    /// The version made of its three counters.
    public init(participant: Int, study: Int, shared: Int) {
        self.participant = participant
        self.study = study
        self.shared = shared
    }
}
