import Foundation
import SQLite

/// What an account may do.
public enum AccountRole: String, Codable, Hashable, Sendable, CaseIterable {
    /// A study participant; their account id is also their patient id in the care store.
    case participant
    /// Study staff who manage accounts and the study.
    case admin
    /// Study staff who read and export study data.
    case researcher

    /// Whether the role belongs to the study team.
    public var isStaff: Bool { self != .participant }
}

/// A person who signs in: participant or staff.
///
/// The email is stored normalised (trimmed, lowercased), so lookups ignore case. The password hash is an
/// encoded Argon2id string computed by the caller; this module never sees a password. Dates are kept at
/// the millisecond precision of the database, so a stored account equals the value it was made from.
public struct Account: Codable, Hashable, Sendable {
    /// A lowercase UUID string; a participant's patient id in the care store.
    public var id: String
    /// The normalised email address.
    public var email: String
    /// The encoded Argon2id hash (`$argon2id$v=19$...`).
    public var passwordHash: String
    /// What the account may do.
    public var role: AccountRole
    /// The preferred language (`en`, `zh-Hans`), or nil to follow the browser.
    public var language: String?
    /// The time zone identifier (`Europe/Berlin`), or nil when unknown.
    public var timeZone: String?
    /// When the account was created.
    public var createdAt: Date
    /// When the participant withdrew from the study, if they did.
    public var withdrawnAt: Date?
    /// When an admin deactivated the account (it cannot sign in, and its sessions end), if they did.
    public var deactivatedAt: Date?

    /// An account; the email is normalised, dates are rounded to milliseconds.
    public init(
        id: String = UUID().uuidString.lowercased(), email: String, passwordHash: String, role: AccountRole,
        language: String? = nil, timeZone: String? = nil, createdAt: Date = Date(), withdrawnAt: Date? = nil,
        deactivatedAt: Date? = nil
    ) {
        self.id = id
        self.email = Self.normalizedEmail(email)
        self.passwordHash = passwordHash
        self.role = role
        self.language = language
        self.timeZone = timeZone
        self.createdAt = DatabaseDate.rounded(createdAt)
        self.withdrawnAt = withdrawnAt.map(DatabaseDate.rounded)
        self.deactivatedAt = deactivatedAt.map(DatabaseDate.rounded)
    }

    /// The time zone identifier, UTC when unknown.
    public var zoneIdentifier: String { timeZone ?? "UTC" }

    /// Whether the participant has withdrawn.
    public var isWithdrawn: Bool { withdrawnAt != nil }

    /// Whether an admin deactivated the account.
    public var isDeactivated: Bool { deactivatedAt != nil }

    /// Whether `email` looks like an address mail could reach: one `@`, a dot in the domain, no spaces.
    public static func isPlausibleEmail(_ email: String) -> Bool {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        return email.count <= 254 && parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".")
            && !email.contains(where: \.isWhitespace)
    }

    /// An email address as stored and looked up: surrounding whitespace removed, lowercased.
    ///
    /// Every account read from the store (each request's session) comes through here: an address that begins
    /// and ends with printable ASCII other than a space has nothing to trim, and skips Foundation's trimming,
    /// which bridges to `NSString` and was a tenth of an unchanged step page's cost.
    public static func normalizedEmail(_ email: String) -> String {
        let isPrintable = { (byte: UInt8) in byte > 0x20 && byte < 0x7F }
        if let first = email.utf8.first, let last = email.utf8.last, isPrintable(first), isPrintable(last) {
            return email.lowercased()
        }
        return email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}
