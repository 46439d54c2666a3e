import Cryptography
import Foundation
import Postgres
import RecoverData
import RecoverWeb
import SQLite

/// What the composition root needs to build Recover: where the data is and how the server behaves.
public struct AppConfiguration: Sendable {
    /// The data folder (`--data-dir`).
    public var dataDirectory: URL
    /// The PostgreSQL database of the study's records (`--database`); nil keeps them in the data folder's
    /// SQLite file.
    public var database: PostgresURL?
    /// The signing key's file (`--signing-key`); nil keeps it in the data folder (`signing-key`).
    public var signingKeyFile: URL?
    /// Sign out after this many seconds without a request.
    public var sessionIdleTimeout: TimeInterval = 30 * 60
    /// Sign out this many seconds after signing in.
    public var sessionAbsoluteTimeout: TimeInterval = 12 * 3600
    /// The zone a participant gets when the browser does not say.
    public var defaultTimeZone = TimeZone.current.identifier
    /// The study's clock (debug builds may shift it: `--fake-today-file`).
    public var studyClock: @Sendable () -> Date = { Date() }
    /// The clock of sessions and throttling.
    public var clock: @Sendable () -> Date = { Date() }
    /// Runs as the answer to a survey page post is rendered (``StudyServices/willRender``); tests watch it.
    public var willRenderSurveyPage: @Sendable () -> Void = {}
    /// How many seconds the console dashboard's figures are reused.
    public var dashboardLifetime: TimeInterval = 30
    /// When a commit counts as durable (`.full`: fsynced before it is acknowledged).
    public var durability: DatabaseConfiguration.Durability = .full
    /// How passwords are hashed (tests use the minimum strength).
    public var passwordHasher: any PasswordHashing = PasswordHasher()
    /// The reverse proxy in front of the server (`--trusted-proxy`): only a request from this address has its
    /// `X-Forwarded-For` believed, for throttling. Without one, the socket's address is the client's.
    public var trustedProxy: NetworkAddress?
    /// The largest video upload in bytes.
    public var uploadLimit = MediaServices.defaultUploadLimit
    /// The largest Apple Health export upload in bytes.
    public var healthUploadLimit = HealthServices.defaultUploadLimit
    /// How mail is sent (docs/messages.md); by default not at all.
    public var mail = MailConfiguration()
    /// Where request lines and errors go.
    public var log: @Sendable (String) -> Void = { _ in }

    /// The defaults for the data folder `dataDirectory`.
    public init(dataDirectory: URL) {
        self.dataDirectory = dataDirectory
    }
}
