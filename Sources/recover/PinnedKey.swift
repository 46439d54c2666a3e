import Cryptography
import Foundation
import RecoverApp

/// `--public-key KEY`: the server's public key as the verifier was given it (base64 of 32 bytes, as `recover
/// consent public-key` prints it, or a file holding that line), so a key swapped into the data folder is seen.
enum PinnedKey {
    static let option = OptionSpec.option(
        "public-key", value: "KEY",
        help: "The public key you pinned (base64, or a file holding it); without it the folder's own key is used.")

    /// The pinned key, or nil when none was given.
    static func parse(_ arguments: ParsedArguments) throws -> [UInt8]? {
        guard let given = arguments.value("public-key") else { return nil }
        if let key = ServerSigningKey.publicKey(text: given) { return key }
        if let data = FileManager.default.contents(atPath: given),
            let key = ServerSigningKey.publicKey(text: String(decoding: data, as: UTF8.self))
        {
            return key
        }
        throw UsageError("--public-key takes the base64 of a 32-byte Ed25519 public key, or a file holding it")
    }

    /// The key to verify with: the pinned one, else the folder's. Says on stderr what was compared, and on
    /// stdout (returning false) when the folder's key is not the pinned one.
    static func choose(_ pinned: [UInt8]?, folder: DataFolder) -> (key: [UInt8], matches: Bool) {
        let own = folder.signingKey.publicKey
        guard let pinned else {
            Output.error.line(
                "key: not pinned; checking with the data folder's own key \(SigningKey.keyID(of: own)) "
                    + "(pass --public-key to notice a swapped key)")
            return (own, true)
        }
        guard pinned == own else {
            Output.standard.line(
                "key: the data folder's signing key (\(SigningKey.keyID(of: own))) is not the pinned key "
                    + "(\(SigningKey.keyID(of: pinned))): it was replaced, or this is another study's folder")
            return (pinned, false)
        }
        Output.standard.line("key: the data folder's signing key is the pinned key \(SigningKey.keyID(of: pinned))")
        return (pinned, true)
    }
}
