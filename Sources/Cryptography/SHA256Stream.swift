import CSodium

/// SHA-256 over bytes that arrive in pieces (an upload streamed to disk), with libsodium's
/// `crypto_hash_sha256_init/update/final`.
///
/// ```swift
/// var hash = SHA256Stream()
/// hash.update(firstChunk)
/// hash.update(secondChunk)
/// let hex = Crypto.hex(hash.finish())
/// ```
public struct SHA256Stream: Sendable {
    private var state = crypto_hash_sha256_state()

    /// A fresh digest over no bytes yet.
    public init() {
        _ = Crypto.ready
        _ = crypto_hash_sha256_init(&state)
    }

    /// Adds `bytes` to the digest.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        _ = crypto_hash_sha256_update(&state, base.assumingMemoryBound(to: UInt8.self), UInt64(bytes.count))
    }

    /// Adds `bytes` to the digest.
    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// The 32-byte digest of everything added. The stream should not be used afterwards.
    public mutating func finish() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
        _ = crypto_hash_sha256_final(&state, &digest)
        return digest
    }
}
