import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The server's Ed25519 key in the data folder, which signs consent records.
///
/// The file `signing-key` holds one line, `ed25519-seed:` and the 32-byte seed in base64, and is created on
/// first start with mode 0600 (owner only). A key file that others may read is refused: the signatures are
/// only worth what the secrecy of the seed is worth.
///
/// ```swift
/// let key = try ServerSigningKey.loadOrCreate(dataDirectory: folder)
/// print(ServerSigningKey.publicKeyText(key))   // base64 of the 32-byte public key
/// ```
public enum ServerSigningKey {
    /// The key file's name in the data folder.
    public static let fileName = "signing-key"
    private static let prefix = "ed25519-seed:"

    /// Loads the key from the data folder, creating it (mode 0600) if there is none.
    public static func loadOrCreate(dataDirectory: URL) throws -> SigningKey {
        if let key = try load(dataDirectory: dataDirectory) { return key }
        let url = dataDirectory.appending(path: fileName)
        let key = SigningKey.generate()
        let text = prefix + Data(key.seed).base64EncodedString() + "\n"
        // O_EXCL: if another process created the key meanwhile, use theirs instead of overwriting it.
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            if errno == EEXIST, let existing = try load(dataDirectory: dataDirectory) { return existing }
            throw SigningKeyError.keyFile(path: url.path, reason: "cannot create: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        guard write(descriptor, bytes, bytes.count) == bytes.count, fsync(descriptor) == 0 else {
            unlink(url.path)
            throw SigningKeyError.keyFile(path: url.path, reason: "cannot write: \(String(cString: strerror(errno)))")
        }
        return key
    }

    /// The key in the data folder, or nil when there is none yet (never creates one).
    public static func load(dataDirectory: URL) throws -> SigningKey? {
        let url = dataDirectory.appending(path: fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        let mode = (attributes?[.posixPermissions] as? Int) ?? 0o777
        guard mode & 0o077 == 0 else {
            throw SigningKeyError.keyFile(
                path: url.path, reason: "readable by others (mode \(String(mode, radix: 8))); chmod 600 it")
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw SigningKeyError.keyFile(path: url.path, reason: "cannot read")
        }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix(prefix), let seed = Data(base64Encoded: String(text.dropFirst(prefix.count))),
            seed.count == SigningKey.seedByteCount
        else {
            throw SigningKeyError.keyFile(path: url.path, reason: "not an ed25519-seed line")
        }
        return try SigningKey(seed: Array(seed))
    }

    /// The public key as printed by `recover consent public-key`: standard base64 of the 32 bytes.
    public static func publicKeyText(_ key: SigningKey) -> String {
        Data(key.publicKey).base64EncodedString()
    }
}
