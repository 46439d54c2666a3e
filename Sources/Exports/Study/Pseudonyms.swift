import Cryptography
import Foundation

/// Stable pseudonymous participant ids for exports: the first 12 hex digits of SHA-256(secret ‖ account id).
///
/// The same data folder always gives the same pseudonym, so exports made on different days join up; without
/// the secret, a pseudonym cannot be traced back to the account. The secret is derived from the server's
/// signing key, which never leaves the data folder.
public struct Pseudonyms: Sendable {
    private let secret: [UInt8]

    /// Pseudonyms keyed by `secret`.
    public init(secret: [UInt8]) {
        self.secret = secret
    }

    /// Pseudonyms keyed by a secret derived from the server's signing key (a domain-separated hash of its seed).
    public init(signingKey: SigningKey) {
        secret = Crypto.sha256(Array("recover-export-pseudonym-v1".utf8) + signingKey.seed)
    }

    /// The pseudonym of an account id.
    public func id(for accountID: String) -> String {
        String(Crypto.hex(Crypto.sha256(secret + Array(accountID.utf8))).prefix(12))
    }
}
