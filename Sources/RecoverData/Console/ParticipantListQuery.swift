/// What the console's participant list shows: a search, a sort order and one page.
///
/// ```swift
/// let page = try ConsoleQueries.participants(
///     ParticipantListQuery(search: "example.com", sort: .lastActivity, limit: 25), today: today, in: db)
/// ```
public struct ParticipantListQuery: Codable, Hashable, Sendable {
    /// The orders the list can be sorted in.
    public enum Sort: String, Codable, Hashable, Sendable, CaseIterable {
        /// Newest participants first.
        case joined
        /// Most recently active first; never active last.
        case lastActivity
        /// Lowest check-in adherence first (who needs attention); nothing due yet last.
        case adherence
    }

    /// Text matched against the email (substring, case-insensitive) or the participant id (prefix).
    public var search: String?
    /// The sort order.
    public var sort: Sort
    /// The page size (1...500).
    public var limit: Int
    /// How many matching participants to skip.
    public var offset: Int

    /// A list query; `limit` is clamped to 1...500 and `offset` to 0 or more.
    public init(search: String? = nil, sort: Sort = .joined, limit: Int = 25, offset: Int = 0) {
        let trimmed = search?.trimmingCharacters(in: .whitespacesAndNewlines)
        self.search = trimmed?.isEmpty == false ? trimmed : nil
        self.sort = sort
        self.limit = min(max(limit, 1), 500)
        self.offset = max(offset, 0)
    }
}

/// One page of the participant list and how many participants match in all.
public struct ParticipantListPage: Codable, Hashable, Sendable {
    /// The participants on this page.
    public var participants: [ConsoleParticipant]
    /// How many participants match the search.
    public var total: Int

    /// A page.
    public init(participants: [ConsoleParticipant], total: Int) {
        self.participants = participants
        self.total = total
    }
}
