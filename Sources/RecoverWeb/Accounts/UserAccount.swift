import Foundation

/// What an account may do.
public enum UserRole: String, Sendable, Hashable, Codable, CaseIterable {
    /// A study participant (joins through an invitation).
    case participant
    /// Study staff with full rights.
    case admin
    /// Study staff who read data.
    case researcher

    /// Whether the role belongs to the study team.
    public var isStaff: Bool { self != .participant }
}

/// A person who can sign in, as the web layer sees them.
public struct UserAccount: Sendable, Hashable, Codable {
    public var id: String
    /// Lower-cased email address.
    public var email: String
    /// The Argon2id hash string.
    public var passwordHash: String
    public var role: UserRole
    /// The language chosen in account settings, if any.
    public var language: Language?
    /// IANA zone identifier, for example `Europe/Zurich`.
    public var timeZone: String
    public var createdAt: Date
    public var withdrawnAt: Date?

    public init(
        id: String = UUID().uuidString.lowercased(), email: String, passwordHash: String, role: UserRole,
        language: Language? = nil, timeZone: String, createdAt: Date, withdrawnAt: Date? = nil
    ) {
        self.id = id
        self.email = email
        self.passwordHash = passwordHash
        self.role = role
        self.language = language
        self.timeZone = timeZone
        self.createdAt = createdAt
        self.withdrawnAt = withdrawnAt
    }

    /// An email address in the form accounts store and compare it: trimmed and lower-cased.
    public static func normalizedEmail(_ email: String) -> String {
        email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}

/// A stored sign-in session: only the SHA-256 of the cookie token is kept.
public struct SessionEntry: Sendable, Hashable, Codable {
    /// Hex SHA-256 of the cookie token.
    public var tokenHash: String
    public var accountID: String
    /// The token forms must echo back while this session lasts.
    public var csrfToken: String
    public var createdAt: Date
    public var lastSeenAt: Date
    /// The session ends at this instant whatever the activity.
    public var absoluteExpiry: Date

    public init(
        tokenHash: String, accountID: String, csrfToken: String, createdAt: Date, lastSeenAt: Date,
        absoluteExpiry: Date
    ) {
        self.tokenHash = tokenHash
        self.accountID = accountID
        self.csrfToken = csrfToken
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
        self.absoluteExpiry = absoluteExpiry
    }
}

/// A signed-in request's session and account.
public struct SignedInSession: Sendable, Hashable {
    public var account: UserAccount
    public var entry: SessionEntry
}
