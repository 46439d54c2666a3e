import CSodium

/// An Ed25519 key pair (libsodium's `crypto_sign_*`): detached 64-byte signatures over any bytes.
///
/// The whole key is its 32-byte seed; the public key (32 bytes) is derived from it. The seed never leaves
/// this type except through ``seed`` (to store the key) so it is not printed by accident.
///
/// ```swift
/// let key = SigningKey.generate()
/// let signature = key.sign(Array("binding hash".utf8))
/// SigningKey.isValid(signature: signature, of: Array("binding hash".utf8), publicKey: key.publicKey)  // true
/// ```
public struct SigningKey: Hashable, Sendable {
    /// The 32-byte public key.
    public let publicKey: [UInt8]
    private let secretKey: [UInt8]

    /// Bytes in a seed (32).
    public static let seedByteCount = Int(crypto_sign_seedbytes())
    /// Bytes in a public key (32).
    public static let publicKeyByteCount = Int(crypto_sign_publickeybytes())
    /// Bytes in a signature (64).
    public static let signatureByteCount = Int(crypto_sign_bytes())

    /// The key pair derived from a 32-byte seed.
    public init(seed: [UInt8]) throws {
        _ = Crypto.ready
        guard seed.count == Self.seedByteCount else { throw SigningKeyError.wrongSeedLength(seed.count) }
        var publicKey = [UInt8](repeating: 0, count: Self.publicKeyByteCount)
        var secretKey = [UInt8](repeating: 0, count: Int(crypto_sign_secretkeybytes()))
        guard crypto_sign_seed_keypair(&publicKey, &secretKey, seed) == 0 else {
            throw SigningKeyError.keyDerivationFailed
        }
        self.publicKey = publicKey
        self.secretKey = secretKey
    }

    /// Keys are the same when their public keys are (the secret key follows from the same seed).
    public static func == (left: SigningKey, right: SigningKey) -> Bool { left.publicKey == right.publicKey }

    /// Hashes the public key only.
    public func hash(into hasher: inout Hasher) { hasher.combine(publicKey) }

    /// A new key pair from the CSPRNG.
    public static func generate() -> SigningKey {
        // Derivation from a seed of the right length does not fail; the loop only avoids a force-unwrap.
        while true {
            if let key = try? SigningKey(seed: Crypto.randomBytes(seedByteCount)) { return key }
        }
    }

    /// The 32-byte seed, to store the key.
    public var seed: [UInt8] {
        _ = Crypto.ready
        var seed = [UInt8](repeating: 0, count: Self.seedByteCount)
        crypto_sign_ed25519_sk_to_seed(&seed, secretKey)
        return seed
    }

    /// The detached 64-byte signature of `message`.
    public func sign(_ message: [UInt8]) -> [UInt8] {
        var signature = [UInt8](repeating: 0, count: Self.signatureByteCount)
        var length: UInt64 = 0
        _ = crypto_sign_detached(&signature, &length, message, UInt64(message.count), secretKey)
        return signature
    }

    /// Whether `signature` is a valid signature of `message` by the holder of `publicKey`.
    public static func isValid(signature: [UInt8], of message: [UInt8], publicKey: [UInt8]) -> Bool {
        _ = Crypto.ready
        guard signature.count == signatureByteCount, publicKey.count == publicKeyByteCount else { return false }
        return crypto_sign_verify_detached(signature, message, UInt64(message.count), publicKey) == 0
    }

    /// An identifier of a public key for records that name the key they were signed with: the first 16 hex
    /// digits of its SHA-256.
    public static func keyID(of publicKey: [UInt8]) -> String {
        String(Crypto.hex(Crypto.sha256(publicKey)).prefix(16))
    }
}

/// A signing key that cannot be made or loaded. Never contains key material.
public enum SigningKeyError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The seed is not 32 bytes.
    case wrongSeedLength(Int)
    /// libsodium refused to derive the key pair.
    case keyDerivationFailed
    /// The key file cannot be read, written or parsed.
    case keyFile(path: String, reason: String)

    /// What is wrong.
    public var description: String {
        switch self {
        case .wrongSeedLength(let count): "an Ed25519 seed has 32 bytes, got \(count)"
        case .keyDerivationFailed: "libsodium could not derive the Ed25519 key pair"
        case .keyFile(let path, let reason): "signing key \(path): \(reason)"
        }
    }
}
