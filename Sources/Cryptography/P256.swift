import COpenSSL

/// Why an OpenSSL operation failed; says which, never a key.
public struct P256Error: Error, Hashable, Sendable, CustomStringConvertible {
    /// What failed (`invalid-point`, `derive`, `sign`, `encrypt`, `random`).
    public let operation: String

    init(_ operation: String) { self.operation = operation }

    /// `P-256/OpenSSL: <operation> failed`.
    public var description: String { "P-256/OpenSSL: \(operation) failed" }
}

/// A P-256 key (NIST prime256v1) in OpenSSL 3's EVP API: generated, or made from its raw forms; ECDH and ES256
/// signatures, for Web Push (RFC 8291's message keys, RFC 8292's VAPID). Holds a private key or only a public one.
///
/// ```swift
/// let key = try P256Key.generate()
/// let shared = try key.sharedSecret(with: try P256Key(publicPoint: subscriberKey))
/// let signature = try key.signES256(Array("header.payload".utf8))   // 64 bytes r||s
/// ```
///
/// `@unchecked Sendable`: the EVP_PKEY is never changed after it is made, and OpenSSL 3 allows a key to be used
/// from several threads at once for reading operations (derive, sign).
public final class P256Key: @unchecked Sendable {
    private let key: OpaquePointer

    /// The uncompressed public point: 0x04, x, y (65 bytes).
    public let publicPoint: [UInt8]

    private init(taking key: OpaquePointer) throws {
        self.key = key
        var point = [UInt8](repeating: 0, count: 65)
        guard recover_p256_public_point(key, &point, point.count) == 1 else {
            EVP_PKEY_free(key)
            throw P256Error("public-point")
        }
        publicPoint = point
    }

    deinit { EVP_PKEY_free(key) }

    /// A new key pair from OpenSSL's CSPRNG.
    public static func generate() throws -> P256Key {
        guard let key = recover_p256_generate() else { throw P256Error("generate") }
        return try P256Key(taking: key)
    }

    /// A public key from its uncompressed point (65 bytes, starting 0x04); throws when it is not a point on the
    /// curve (OpenSSL's public key check).
    public convenience init(publicPoint point: [UInt8]) throws {
        guard point.count == 65, point.first == 0x04,
            let key = recover_p256_from_raw(point, point.count, nil, 0)
        else { throw P256Error("invalid-point") }
        try self.init(taking: key)
    }

    /// A key pair from its 32-byte private scalar and its public point; throws when they do not belong together.
    public convenience init(privateScalar scalar: [UInt8], publicPoint point: [UInt8]) throws {
        guard scalar.count == 32, point.count == 65, point.first == 0x04,
            let key = recover_p256_from_raw(point, point.count, scalar, scalar.count)
        else { throw P256Error("invalid-key-pair") }
        try self.init(taking: key)
    }

    /// Whether `point` is an uncompressed P-256 point on the curve (a subscription's `p256dh`).
    public static func isValidPublicPoint(_ point: [UInt8]) -> Bool {
        (try? P256Key(publicPoint: point)) != nil
    }

    /// The private scalar (32 bytes); throws for a public key. A secret: store it, never log it.
    public func privateScalar() throws -> [UInt8] {
        var scalar = [UInt8](repeating: 0, count: 32)
        guard recover_p256_private_scalar(key, &scalar) == 1 else { throw P256Error("private-scalar") }
        return scalar
    }

    /// ECDH: the x coordinate of this private key times `peer`'s point (32 bytes).
    public func sharedSecret(with peer: P256Key) throws -> [UInt8] {
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, key, nil) else { throw P256Error("derive") }
        defer { EVP_PKEY_CTX_free(context) }
        var length = 0
        guard EVP_PKEY_derive_init(context) == 1, EVP_PKEY_derive_set_peer(context, peer.key) == 1,
            EVP_PKEY_derive(context, nil, &length) == 1, length == 32
        else { throw P256Error("derive") }
        var secret = [UInt8](repeating: 0, count: length)
        guard EVP_PKEY_derive(context, &secret, &length) == 1, length == 32 else { throw P256Error("derive") }
        return secret
    }

    /// An ECDSA P-256 signature over SHA-256 of `message`, in JOSE's raw form (RFC 7518 §3.4): r then s, each
    /// 32 bytes.
    public func signES256(_ message: [UInt8]) throws -> [UInt8] {
        guard let context = EVP_MD_CTX_new() else { throw P256Error("sign") }
        defer { EVP_MD_CTX_free(context) }
        var length = 0
        guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key) == 1,
            EVP_DigestSign(context, nil, &length, message, message.count) == 1
        else { throw P256Error("sign") }
        var der = [UInt8](repeating: 0, count: length)
        guard EVP_DigestSign(context, &der, &length, message, message.count) == 1 else { throw P256Error("sign") }
        return try Self.rawSignature(fromDER: Array(der.prefix(length)))
    }

    /// r||s from a DER `ECDSA-Sig-Value` (SEQUENCE of two INTEGERs), parsed by OpenSSL.
    public static func rawSignature(fromDER der: [UInt8]) throws -> [UInt8] {
        try der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            guard let signature = d2i_ECDSA_SIG(nil, &cursor, buffer.count) else { throw P256Error("sign") }
            defer { ECDSA_SIG_free(signature) }
            var raw = [UInt8](repeating: 0, count: 64)
            let written: Int32 = raw.withUnsafeMutableBufferPointer { out in
                guard let base = out.baseAddress else { return 0 }
                return BN_bn2binpad(ECDSA_SIG_get0_r(signature), base, 32)
                    + BN_bn2binpad(ECDSA_SIG_get0_s(signature), base + 32, 32)
            }
            guard written == 64 else { throw P256Error("sign") }
            return raw
        }
    }
}

/// HKDF, AES-128-GCM and the CSPRNG from OpenSSL, for Web Push's message encryption (RFC 8188, RFC 8291).
public enum OpenSSLCrypto {
    /// HKDF-SHA-256 (RFC 5869): `length` bytes from `key` under `salt` and `info`.
    public static func hkdfSHA256(salt: [UInt8], key: [UInt8], info: [UInt8], length: Int) throws -> [UInt8] {
        guard (1...255 * 32).contains(length) else { throw P256Error("hkdf") }
        var out = [UInt8](repeating: 0, count: length)
        guard recover_hkdf_sha256(salt, salt.count, key, key.count, info, info.count, &out, length) == 1 else {
            throw P256Error("hkdf")
        }
        return out
    }

    /// AES-128-GCM of `plaintext` under a 16-byte `key` and 12-byte `nonce`: the ciphertext followed by the
    /// 16-byte tag.
    public static func aes128GCM(key: [UInt8], nonce: [UInt8], plaintext: [UInt8]) throws -> [UInt8] {
        guard key.count == 16, nonce.count == 12, plaintext.count < Int(Int32.max) - 32,
            let context = EVP_CIPHER_CTX_new()
        else { throw P256Error("encrypt") }
        defer { EVP_CIPHER_CTX_free(context) }
        var out = [UInt8](repeating: 0, count: plaintext.count + 16)
        var written: Int32 = 0
        var final: Int32 = 0
        guard EVP_EncryptInit_ex(context, EVP_aes_128_gcm(), nil, key, nonce) == 1,
            EVP_EncryptUpdate(context, &out, &written, plaintext, Int32(plaintext.count)) == 1,
            Int(written) == plaintext.count
        else { throw P256Error("encrypt") }
        let ended = out.withUnsafeMutableBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            return EVP_EncryptFinal_ex(context, base + Int(written), &final) == 1 && final == 0
                && recover_gcm_tag(context, base + plaintext.count, 16) == 1
        }
        guard ended else { throw P256Error("encrypt") }
        return out
    }

    /// `count` bytes from OpenSSL's CSPRNG (`RAND_bytes`).
    public static func randomBytes(_ count: Int) throws -> [UInt8] {
        guard (0...4096).contains(count) else { throw P256Error("random") }
        var bytes = [UInt8](repeating: 0, count: count)
        guard count == 0 || RAND_bytes(&bytes, Int32(count)) == 1 else { throw P256Error("random") }
        return bytes
    }
}
