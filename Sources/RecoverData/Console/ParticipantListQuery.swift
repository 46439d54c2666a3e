import Foundation

/// What the console's participant list shows: a search, a sort order and one page.
///
/// ```swift
/// let page = try ConsoleQueries.participants(
///     ParticipantListQuery(search: "example.com", sort: .lastActivity, limit: 25), today: today, in: db)
/// ```
public struct ParticipantListQuery: Codable, Hashable, Sendable {
    /// The columns the list can be sorted by (`?sort=`).
    public enum Sort: String, Codable, Hashable, Sendable, CaseIterable {
        /// The email address.
        case email
        /// When they joined.
        case joined
        /// How many current required consent documents they have not signed.
        case consent
        /// The last outcome recorded or changed; never active last in either direction.
        case lastActivity
        /// Check-in adherence; nothing due yet last in either direction.
        case adherence

        /// The direction a column sorts in first: newest, most unsigned and least adherent first (who needs
        /// attention), emails A to Z.
        public var defaultDirection: Direction {
            switch self {
            case .email, .adherence: .ascending
            case .joined, .consent, .lastActivity: .descending
            }
        }
    }

    /// The direction of the sort (`?dir=`).
    public enum Direction: String, Codable, Hashable, Sendable, CaseIterable {
        case ascending = "asc"
        case descending = "desc"

        /// `ASC` or `DESC`.
        var sql: String { self == .ascending ? "ASC" : "DESC" }
    }

    /// Text matched against the email (substring, case-insensitive) or the participant id (prefix).
    public var search: String?
    /// The column sorted by.
    public var sort: Sort
    /// The direction.
    public var direction: Direction
    /// The page size (1...500).
    public var limit: Int
    /// How many matching participants to skip.
    public var offset: Int

    /// A list query (`direction` nil: the column's ``Sort/defaultDirection``); `limit` is clamped to 1...500
    /// and `offset` to 0 or more.
    public init(
        search: String? = nil, sort: Sort = .joined, direction: Direction? = nil, limit: Int = 25, offset: Int = 0
    ) {
        let trimmed = search?.trimmingCharacters(in: .whitespacesAndNewlines)
        self.search = trimmed?.isEmpty == false ? trimmed : nil
        self.sort = sort
        self.direction = direction ?? sort.defaultDirection
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
