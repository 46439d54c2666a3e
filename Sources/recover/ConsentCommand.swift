import CareSQLite
import Cryptography
import Foundation
import RecoverData
import SQLite

extension Commands {
    static let consent = CommandSpec(
        name: "consent",
        abstract: "The server's consent-signing key and the verification of signed consent records.",
        subcommands: [consentPublicKey, consentVerify, consentPDF]
    )

    static let consentPublicKey = CommandSpec(
        name: "public-key",
        abstract: "Print the server's Ed25519 public key (base64 of its 32 bytes) that signs consent records.",
        synopsis: "[--data-dir DIR] [--database URL]",
        discussion: """
            The key is created in the data folder (file signing-key, mode 0600) on the first start of the \
            server, or here if it does not exist yet. Publish the printed key so anyone can check a \
            consent record's signature.
            """,
        options: StudyLocation.options
    ) { arguments in
        try arguments.expectPositionals(atMost: 0)
        let data = try StudyLocation.openExisting(arguments)
        Output.standard.line(ServerSigningKey.publicKeyText(data.signingKey))
    }

    static let consentVerify = CommandSpec(
        name: "verify",
        abstract: "Recompute every consent record's document hash, binding hash and server signature.",
        synopsis: "[--participant ID] [--data-dir DIR] [--database URL]",
        discussion: """
            Prints one line per record, 'consent <id> participant <id>: ok' or '...: altered: <fields>'             naming what changed since signing (printed name, signed at, signature meaning, document,             signature image, signature strokes, participant, ...), and exits 1 if any record is altered.
            """,
        options: [
            .option("participant", value: "ID", help: "Only this participant's records (their account id).")
        ] + StudyLocation.options
    ) { arguments in
        try arguments.expectPositionals(atMost: 0)
        let data = try StudyLocation.openExisting(arguments)
        let participant = arguments.value("participant")
        if let participant, try AccountStore(database: data.records.database).account(id: participant) == nil {
            throw NoInputError("no participant with id '\(participant)' in \(data.url.path)")
        }
        let publicKey = data.signingKey.publicKey
        var count = 0
        let altered = try data.records.database.read { db in
            try ConsentSigning.verify(publicKey: publicKey, participantID: participant, in: db) { check in
                count += 1
                Output.standard.line(check.description)
            }
        }
        Output.error.line("\(count) consent records, \(altered) altered")
        if altered > 0 { throw CommandExit(code: .failure) }
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
