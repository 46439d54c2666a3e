import Cryptography
import Exports
import Foundation
import RecoverData
import RecoverWeb

/// The one composition root: builds the stores, services and every route of Recover from a configuration.
/// `recover serve`, the tests and the benchmarks all build the app through it.
///
/// ```swift
/// let recover = try RecoverApp(configuration: AppConfiguration(dataDirectory: folder))
/// let response = recover.web.respond(to: Request(method: .get, path: "/healthz"))
/// ```
public struct RecoverApp: Sendable {
    /// The opened data folder.
    public let folder: DataFolder
    /// Accounts, sessions and throttling.
    public let services: WebServices
    /// The participant pages' services.
    public let study: StudyServices
    /// Videos and the hearing screening.
    public let media: MediaServices
    /// Apple Health uploads and their background importer.
    public let health: HealthServices
    /// The research console's services.
    public let console: ConsoleContext
    /// The message outbox and its sender.
    public let mail: MailServices
    /// The reminder scheduler and its rounds.
    public let reminders: ReminderServices
    /// The daily signed audit checkpoint.
    public let checkpoints: CheckpointServices
    /// Every route and the middleware chain.
    public let web: WebApp

    /// Opens the data folder of `configuration` (creating it) and builds the app over it.
    public init(configuration: AppConfiguration) throws {
        try self.init(
            folder: try DataFolder.open(
                configuration.dataDirectory, postgres: configuration.database,
                signingKeyFile: configuration.signingKeyFile, durability: configuration.durability,
                fallbackTimeZone: configuration.defaultTimeZone),
            configuration: configuration)
    }

    /// Builds the app over an opened `folder`.
    public init(folder: DataFolder, configuration: AppConfiguration) throws {
        self.folder = folder
        let services = WebServices(
            directory: folder.directory, hasher: configuration.passwordHasher,
            idleTimeout: configuration.sessionIdleTimeout,
            absoluteTimeout: configuration.sessionAbsoluteTimeout, defaultTimeZone: configuration.defaultTimeZone,
            deviceKey: Self.deviceKey(folder.signingKey), trustedProxy: configuration.trustedProxy,
            publicURL: configuration.mail.publicURL, now: configuration.clock)
        let study = StudyServices(
            records: folder.records, now: configuration.studyClock, willRender: configuration.willRenderSurveyPage)
        let media = try MediaServices(study: study, dataFolder: folder.url, uploadLimit: configuration.uploadLimit)
        // Uploads a crash cut off left their temporary files; nothing else removes them.
        media.spooling.removeLeftovers()
        let health = try HealthServices(
            study: study, dataFolder: folder.url, uploadLimit: configuration.healthUploadLimit, log: configuration.log)
        health.spooling.removeLeftovers()
        // The study's VAPID key pair, made at the first start and shared by every instance (docs/web-push.md).
        let vapidKey = try VAPIDKeys.keyPair(in: folder.records.database)
        let mail = MailServices(
            database: folder.records.database, configuration: configuration.mail, vapidKey: vapidKey,
            clock: configuration.clock, log: configuration.log)
        let mailReady = mail.isConfigured && services.publicURL != nil
        let recovery = RecoveryServices(
            recovery: AccountRecovery(database: folder.records.database), mailReady: mailReady)
        let reminders = ReminderServices(
            database: folder.records.database, linkBase: services.publicURL,
            unsubscribeKey: Self.derivedKey(folder.signingKey, "recover-reminder-unsubscribe-key-v1"),
            mailReady: mailReady, consoleZone: TimeZone(identifier: configuration.defaultTimeZone) ?? .current,
            studyClock: configuration.studyClock,
            clock: configuration.clock,
            log: configuration.log)
        self.reminders = reminders
        checkpoints = CheckpointServices(
            database: folder.records.database, signingKey: folder.signingKey, clock: configuration.clock,
            log: configuration.log)
        let console = ConsoleContext(
            records: folder.records,
            exports: StudyExports(records: folder.records, signingKey: folder.signingKey),
            serverPublicKey: folder.signingKey.publicKey, services: services,
            dashboardLifetime: configuration.dashboardLifetime,
            messaging: ConsoleMessaging(recovery: recovery, outbox: mail.outbox), studyClock: configuration.studyClock)
        self.services = services
        self.study = study
        self.media = media
        self.health = health
        self.console = console
        self.mail = mail
        let push = PushServices(
            subscriptions: PushSubscriptions(database: folder.records.database),
            publicKey: Crypto.base64URL(vapidKey.publicPoint), isAvailable: mail.pushIsConfigured,
            now: configuration.clock)
        web = try WebApp(services: services, study: study, log: configuration.log) { router, services in
            StudyRoutes.add(to: &router, services: services, study: study)
            MediaRoutes.add(to: &router, media: media)
            InsightsRoutes.add(to: &router, services: services, study: study)
            AccountRecordRoutes.add(to: &router, services: services, study: study)
            HealthRoutes.add(to: &router, health: health)
            RecoveryRoutes.add(to: &router, services: services, recovery: recovery)
            ReminderRoutes.add(to: &router, reminders: reminders.pages)
            PushRoutes.add(to: &router, push: push)
            ConsoleRoutes.add(to: &router, context: console)
            ContactRoutes.add(to: &router, context: console)
            CalendarRoutes.add(to: &router, study: study, publicURL: configuration.mail.publicURL)
            ReceiptVerificationPage.add(to: &router)
        }
    }

    /// The key of the known-device cookies, derived from the server's signing key: it survives restarts and
    /// is the same on every instance that shares the key, and it cannot sign anything.
    static func deviceKey(_ signingKey: SigningKey) -> [UInt8] {
        derivedKey(signingKey, "recover-known-device-cookie-key-v1")
    }

    /// A key for `purpose` derived from the server's signing key: the same on every instance and across
    /// restarts, and it cannot sign anything.
    static func derivedKey(_ signingKey: SigningKey, _ purpose: String) -> [UInt8] {
        Crypto.hmacSHA256(key: signingKey.seed, message: Array(purpose.utf8))
    }

    /// On a data folder without staff: the admin account and a demo invitation, to print once.
    public func firstStartIfNeeded() throws -> Enrollment.FirstStart? {
        try Enrollment(directory: folder.directory, hasher: services.hasher).firstStartIfNeeded(
            timeZone: services.defaultTimeZone)
    }
}
