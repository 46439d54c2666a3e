import Foundation
import SQLite

/// A signed-in browser session, as stored.
///
/// Only a hash of the cookie token is stored (`tokenHash`), never the token itself, so a copy of the
/// database cannot be used to sign in.
public struct SessionRecord: Codable, Hashable, Sendable {
    /// The hash of the session cookie's token, computed by the caller.
    public var tokenHash: String
    /// The signed-in account.
    public var accountID: String
    /// The CSRF token of the session's forms.
    public var csrfToken: String
    /// When the session started.
    public var createdAt: Date
    /// The last request seen (for the idle timeout).
    public var lastSeenAt: Date
    /// When the session ends whatever happens.
    public var absoluteExpiry: Date

    /// A session; dates are rounded to milliseconds.
    public init(
        tokenHash: String, accountID: String, csrfToken: String, createdAt: Date = Date(), lastSeenAt: Date? = nil,
        absoluteExpiry: Date
    ) {
        self.tokenHash = tokenHash
        self.accountID = accountID
        self.csrfToken = csrfToken
        self.createdAt = DatabaseDate.rounded(createdAt)
        self.lastSeenAt = DatabaseDate.rounded(lastSeenAt ?? createdAt)
        self.absoluteExpiry = DatabaseDate.rounded(absoluteExpiry)
    }
}
