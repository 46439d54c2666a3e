import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The server's Ed25519 key, which signs consent records and audit checkpoints.
///
/// Its file (`--signing-key FILE`, by default `signing-key` in the data folder) holds one line, `ed25519-seed:` and the 32-byte seed in base64, and is created on
/// first start with mode 0600 (owner only). A key file that others may read is refused: the signatures are
/// only worth what the secrecy of the seed is worth.
///
/// ```swift
/// let key = try ServerSigningKey.loadOrCreate(file: URL(fileURLWithPath: "/etc/recover/signing-key"))
/// print(ServerSigningKey.publicKeyText(key))   // base64 of the 32-byte public key
/// ```
public enum ServerSigningKey {
    /// The key file's name in the data folder.
    public static let fileName = "signing-key"
    private static let prefix = "ed25519-seed:"

    /// Loads the key from the data folder, creating it (mode 0600) if there is none.
    public static func loadOrCreate(dataDirectory: URL) throws -> SigningKey {
        try loadOrCreate(file: dataDirectory.appending(path: fileName))
    }

    /// The key in the data folder, or nil when there is none yet (never creates one).
    public static func load(dataDirectory: URL) throws -> SigningKey? {
        try load(file: dataDirectory.appending(path: fileName))
    }

    /// Loads the key from `url`, creating it (mode 0600) if there is none.
    public static func loadOrCreate(file url: URL) throws -> SigningKey {
        if let key = try load(file: url) { return key }
        let key = SigningKey.generate()
        let text = prefix + Data(key.seed).base64EncodedString() + "\n"
        // O_EXCL: if another process created the key meanwhile, use theirs instead of overwriting it.
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            if errno == EEXIST, let existing = try load(file: url) { return existing }
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

    /// The key in the file at `url`, or nil when there is none yet (never creates one).
    public static func load(file url: URL) throws -> SigningKey? {
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

    /// A public key given as text (base64 of 32 bytes, as ``publicKeyText(_:)`` prints it; spaces around it are
    /// ignored), or nil when it is not one.
    public static func publicKey(text: String) -> [UInt8]? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let bytes = Data(base64Encoded: trimmed), bytes.count == SigningKey.publicKeyByteCount else {
            return nil
        }
        return [UInt8](bytes)
    }
}
