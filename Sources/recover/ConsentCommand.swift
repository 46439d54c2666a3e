import CareSQLite
import Cryptography
import Foundation
import RecoverData
import SQLite

extension Commands {
    static let consent = CommandSpec(
        name: "consent",
        abstract: "The server's consent-signing key and the verification of signed consent records.",
        subcommands: [consentPublicKey, consentVerify, consentPublish, consentDocuments, consentPDF]
    )

    static let consentPublicKey = CommandSpec(
        name: "public-key",
        abstract: "Print the server's Ed25519 public key (base64 of its 32 bytes) that signs consent records.",
        synopsis: "[--signing-key FILE] [--data-dir DIR] [--database URL]",
        discussion: """
            The key is created (mode 0600) at --signing-key FILE, or as signing-key in the data folder, on the \
            first start of the server, or here if it does not exist yet. Publish the printed key and have \
            verifiers pin it ('recover audit verify --public-key KEY', 'recover consent verify --public-key \
            KEY', the receipt page): a key swapped into the data folder then no longer passes.
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
        synopsis:
            "[--participant ID] [--public-key KEY] [--data-dir DIR] [--database URL] | --receipt FILE --public-key KEY",
        discussion: """
            Prints one line per record, 'consent <id> participant <id>: ok' or '...: altered: <fields>' \
            naming what changed since signing (printed name, signed at, signature meaning, document, \
            signature image, signature strokes, participant, ...), and exits 1 if any record is altered or the \
            folder's key is not the pinned --public-key. With --receipt FILE it checks a participant's consent \
            receipt offline instead, with no data folder: the server signature over the text rebuilt from the \
            receipt and its checkpoint's signature, both with the pinned --public-key.
            """,
        options: [
            .option("participant", value: "ID", help: "Only this participant's records (their account id)."),
            .option("receipt", value: "FILE", help: "Check this consent receipt offline (needs --public-key)."),
            PinnedKey.option,
        ] + StudyLocation.options
    ) { arguments in
        try arguments.expectPositionals(atMost: 0)
        let pinned = try PinnedKey.parse(arguments)
        if let receipt = arguments.value("receipt") { return try verifyReceipt(receipt, pinned: pinned) }
        let data = try StudyLocation.openExisting(arguments)
        let participant = arguments.value("participant")
        if let participant, try AccountStore(database: data.records.database).account(id: participant) == nil {
            throw NoInputError("no participant with id '\(participant)' in \(data.url.path)")
        }
        let (publicKey, keyMatches) = PinnedKey.choose(pinned, folder: data)
        var count = 0
        let altered = try data.records.database.read { db in
            try ConsentSigning.verify(publicKey: publicKey, participantID: participant, in: db) { check in
                count += 1
                Output.standard.line(check.description)
            }
        }
        Output.error.line("\(count) consent records, \(altered) altered")
        if altered > 0 || !keyMatches { throw CommandExit(code: .failure) }
    }

    /// `recover consent verify --receipt FILE --public-key KEY`: no database, only the file and the key.
    static func verifyReceipt(_ path: String, pinned: [UInt8]?) throws {
        guard let pinned else { throw UsageError("--receipt needs --public-key KEY: the key you were given") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw NoInputError("cannot read the receipt \(path)")
        }
        let problems = ConsentReceipt.verify(json: data, publicKey: pinned)
        guard problems.isEmpty else {
            Output.standard.line("receipt \(path): invalid: \(problems.joined(separator: "; "))")
            throw CommandExit(code: .failure)
        }
        Output.standard.line("receipt \(path): valid (signed by key \(SigningKey.keyID(of: pinned)))")
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
