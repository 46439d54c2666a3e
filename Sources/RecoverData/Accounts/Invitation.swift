import Cryptography
import Foundation
import SQLite

/// A one-time code that lets a participant create an account.
///
/// The code itself is given out once (printed, shown to the admin, or sent by e-mail) and never stored: the
/// database keeps ``storedCode(_:)``, `sha256:` and the code's SHA-256, and every lookup hashes the code it
/// is given. An ``Invitation`` read from the database has that stored form as its ``code``.
public struct Invitation: Codable, Hashable, Sendable {
    /// The code as given to ``init(code:createdBy:createdAt:expiresAt:usedAt:usedByAccountID:revokedAt:)``
    /// (the caller's, from the CSPRNG), or its stored form when read from the database.
    public var code: String
    /// Who created it (a staff account id, or nil for the command-line tool).
    public var createdBy: String?
    /// When it was created.
    public var createdAt: Date
    /// When it stops working, if ever.
    public var expiresAt: Date?
    /// When it was redeemed.
    public var usedAt: Date?
    /// The account created with it.
    public var usedByAccountID: String?
    /// When staff revoked it.
    public var revokedAt: Date?

    /// An invitation; dates are rounded to milliseconds.
    public init(
        code: String, createdBy: String? = nil, createdAt: Date = Date(), expiresAt: Date? = nil,
        usedAt: Date? = nil, usedByAccountID: String? = nil, revokedAt: Date? = nil
    ) {
        self.code = code
        self.createdBy = createdBy
        self.createdAt = DatabaseDate.rounded(createdAt)
        self.expiresAt = expiresAt.map(DatabaseDate.rounded)
        self.usedAt = usedAt.map(DatabaseDate.rounded)
        self.usedByAccountID = usedByAccountID
        self.revokedAt = revokedAt.map(DatabaseDate.rounded)
    }

    /// Where an invitation stands.
    public enum Status: String, Codable, Hashable, Sendable {
        /// Can be redeemed.
        case open
        /// Already redeemed.
        case used
        /// Revoked by staff.
        case revoked
        /// Past its expiry.
        case expired
    }

    /// The form a code is stored and looked up in: `sha256:` and its SHA-256 in hex.
    public static func storedCode(_ code: String) -> String { storedPrefix + Crypto.sha256Hex(code) }

    /// The prefix of a stored code.
    public static let storedPrefix = "sha256:"

    /// Where the invitation stands at `now` (used and revoked win over expired).
    public func status(at now: Date) -> Status {
        if usedAt != nil { return .used }
        if revokedAt != nil { return .revoked }
        if let expiresAt, expiresAt <= now { return .expired }
        return .open
    }
}
