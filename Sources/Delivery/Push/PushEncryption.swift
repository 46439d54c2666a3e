import Cryptography

/// Web Push message encryption (RFC 8291) in the `aes128gcm` content coding (RFC 8188): an ephemeral P-256 key
/// agreed with the subscription's `p256dh` key (ECDH), the keys derived with HKDF-SHA-256 from that and the
/// subscription's `auth` secret, one record of AES-128-GCM. Every step is OpenSSL's (``P256Key``,
/// ``OpenSSLCrypto``).
///
/// ```swift
/// let body = try PushEncryption.encrypt(Array(json.utf8), to: subscriberKey, authSecret: auth)
/// ```
public enum PushEncryption {
    /// The record size written into the header: one record of at most this many bytes.
    public static let recordSize = 4096
    /// The largest payload, in bytes: push services take a body of at most 4,096 bytes (RFC 8030 §7.2), which
    /// is the 86-byte header, the payload, its delimiter and the 16-byte tag.
    public static let payloadLimit = 4096 - 86 - 1 - 16

    /// The `aes128gcm` body for `payload`, for the subscriber's public key `subscriberKey` (65 bytes) and its
    /// `authSecret` (16 bytes). `ephemeral` and `salt` are made fresh (OpenSSL's CSPRNG) unless given (RFC 8291's
    /// test vector gives them).
    public static func encrypt(
        _ payload: [UInt8], to subscriberKey: [UInt8], authSecret: [UInt8], ephemeral: P256Key? = nil,
        salt: [UInt8]? = nil
    ) throws -> [UInt8] {
        guard payload.count <= payloadLimit else { throw PushError(.invalidMessage) }
        guard authSecret.count == 16, let subscriber = try? P256Key(publicPoint: subscriberKey) else {
            throw PushError(.invalidSubscription)
        }
        let sender = try ephemeral ?? P256Key.generate()
        let salt = try salt ?? OpenSSLCrypto.randomBytes(16)
        guard salt.count == 16 else { throw PushError(.invalidMessage) }
        let shared = try sender.sharedSecret(with: subscriber)
        // RFC 8291 §3.4: the input keying material binds both public keys to the auth secret.
        let keyInfo = Array("WebPush: info".utf8) + [0] + subscriberKey + sender.publicPoint
        let inputKey = try OpenSSLCrypto.hkdfSHA256(salt: authSecret, key: shared, info: keyInfo, length: 32)
        // RFC 8188 §2.2, §2.3: the content encryption key and the nonce (the first record's: sequence 0).
        let contentKey = try OpenSSLCrypto.hkdfSHA256(
            salt: salt, key: inputKey, info: Array("Content-Encoding: aes128gcm".utf8) + [0], length: 16)
        let nonce = try OpenSSLCrypto.hkdfSHA256(
            salt: salt, key: inputKey, info: Array("Content-Encoding: nonce".utf8) + [0], length: 12)
        // One record, the last: the payload, then the delimiter 0x02, no padding.
        let sealed = try OpenSSLCrypto.aes128GCM(key: contentKey, nonce: nonce, plaintext: payload + [0x02])
        let size = UInt32(recordSize)
        let header =
            salt + [UInt8(size >> 24), UInt8((size >> 16) & 0xFF), UInt8((size >> 8) & 0xFF), UInt8(size & 0xFF)]
            + [UInt8(sender.publicPoint.count)] + sender.publicPoint
        return header + sealed
    }
}
