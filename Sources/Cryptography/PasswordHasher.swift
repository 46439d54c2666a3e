import CSodium

/// What hashes and checks passwords: ``PasswordHasher`` in production; a test may wrap it to count the checks.
public protocol PasswordHashing: Sendable {
    /// The stored hash string of `password`.
    func hash(_ password: String) throws -> String
    /// Whether `password` matches `hash`.
    func verify(_ password: String, against hash: String) -> Bool
}

/// Hashes and verifies passwords with Argon2id (libsodium's `crypto_pwhash_str`).
///
/// The stored string carries the algorithm and its cost, so a hash made at one strength verifies
/// at any other. `.interactive` is the production cost (about 75 ms here); `.minimum` is for tests.
public struct PasswordHasher: PasswordHashing {
    /// The cost of one hash.
    public enum Strength: Sendable {
        /// libsodium's interactive limits: the production default.
        case interactive
        /// The smallest cost libsodium accepts: for tests only.
        case minimum
    }

    /// The cost used by ``hash(_:)``.
    public let strength: Strength

    /// A hasher at `strength`.
    public init(strength: Strength = .interactive) {
        self.strength = strength
        _ = Crypto.ready
    }

    /// The Argon2id hash string of `password`.
    public func hash(_ password: String) throws -> String {
        let (ops, memory) = limits
        var output = [CChar](repeating: 0, count: Int(crypto_pwhash_STRBYTES))
        let bytes = Array(password.utf8CString)
        let length = UInt64(bytes.count - 1)
        // The array passed as a pointer: a utf8CString array always holds its terminating NUL.
        let result = crypto_pwhash_str_alg(&output, bytes, length, ops, memory, crypto_pwhash_ALG_ARGON2ID13)
        guard result == 0 else { throw PasswordHashingError() }
        let text = output.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: text, as: UTF8.self)
    }

    /// Whether `password` matches `hash`; `false` for any malformed hash.
    public func verify(_ password: String, against hash: String) -> Bool {
        let bytes = Array(password.utf8CString)
        let length = UInt64(bytes.count - 1)
        // The array passed as a pointer: a utf8CString array always holds its terminating NUL.
        return hash.withCString { stored in crypto_pwhash_str_verify(stored, bytes, length) == 0 }
    }

    private var limits: (UInt64, Int) {
        switch strength {
        case .interactive: (UInt64(crypto_pwhash_OPSLIMIT_INTERACTIVE), Int(crypto_pwhash_MEMLIMIT_INTERACTIVE))
        case .minimum: (UInt64(crypto_pwhash_OPSLIMIT_MIN), Int(crypto_pwhash_MEMLIMIT_MIN))
        }
    }
}

/// libsodium could not hash a password (out of memory).
public struct PasswordHashingError: Error, CustomStringConvertible {
    /// `password hashing failed (out of memory?)`.
    public var description: String { "password hashing failed (out of memory?)" }
}
