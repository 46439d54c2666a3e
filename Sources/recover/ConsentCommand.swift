import CareSQLite
import Cryptography
import Foundation

extension Commands {
    static let consent = CommandSpec(
        name: "consent",
        abstract: "The server's consent-signing key and the verification of signed consent records.",
        subcommands: [consentPublicKey]
    )

    static let consentPublicKey = CommandSpec(
        name: "public-key",
        abstract: "Print the server's Ed25519 public key (base64 of its 32 bytes) that signs consent records.",
        synopsis: "[--data-dir DIR]",
        discussion: """
            The key is created in the data folder (file signing-key, mode 0600) on the first start of the \
            server, or here if it does not exist yet. Publish the printed key so anyone can check a \
            consent record's signature.
            """,
        options: [.option("data-dir", value: "DIR", help: "The data folder (default ./recover-data).")]
    ) { arguments in
        try arguments.expectPositionals(atMost: 0)
        let data = try ExistingDataFolder.open(arguments.value("data-dir"))
        let key = try loadSigningKey(data.folder)
        Output.standard.line(ServerSigningKey.publicKeyText(key))
    }

    /// The data folder's signing key, created if missing; a bad key file is a data error naming it.
    static func loadSigningKey(_ folder: URL) throws -> SigningKey {
        do {
            return try ServerSigningKey.loadOrCreate(dataDirectory: folder)
        } catch let error as SigningKeyError {
            throw DataError(error.description)
        }
    }
}
