import Cryptography
import Foundation
import SQLite

/// The study's records on one database: every use case of the participant pages, the console, the
/// command-line tool and demo data is a method of it, and each is one transaction.
///
/// The web layer holds one and never opens a transaction or writes SQL (docs/architecture.md).
///
/// ```swift
/// let records = StudyDatabase(database: try RecoverSchema.open(dataDirectory: folder), signingKey: key)
/// let participant = try records.participant(account, now: Date())
/// ```
public struct StudyDatabase: ParticipantStore, ConsoleStore {
    /// The database, opened by ``RecoverSchema``.
    public let database: StudyStorage
    /// The server's key that signs consent records as they are stored; nil stores them unsigned.
    public let signingKey: SigningKey?

    /// The same on an open SQLite database.
    public init(database: Database, signingKey: SigningKey? = nil) {
        self.init(database: StudyStorage(database), signingKey: signingKey)
    }

    /// The records in `database`, signing consent with `signingKey`.
    public init(database: StudyStorage, signingKey: SigningKey? = nil) {
        self.database = database
        self.signingKey = signingKey
    }

    /// The account store of the database.
    public var accounts: AccountStore { AccountStore(database: database) }
    /// The consent store of the database.
    public var consent: ConsentStore { ConsentStore(database: database, signingKey: signingKey) }
    /// The audit trail of the database.
    public var audit: AuditTrail { AuditTrail(database: database) }

    /// The audit actor of a participant's or staff member's own writes.
    public static func actor(accountID: String) -> String { "account:\(accountID)" }
}
