import Dispatch
import Foundation
import RecoverApp
import RecoverData
import RecoverWeb
import Synchronization
import Web

extension Commands {
    static let serve = CommandSpec(
        name: "serve",
        abstract: "Run the web server (participant pages and research console).",
        synopsis:
            "[--data-dir DIR] [--database URL] [--host HOST] [--port PORT] [--tls-cert FILE --tls-key FILE] [--trusted-proxy ADDR] [--smtp-url URL --mail-from ADDRESS] [--public-url URL]",
        discussion: """
            On an empty data folder the first start creates the database, an admin account (its password \
            is printed once) and a demo invitation link. SIGTERM or SIGINT stops accepting connections, \
            finishes the requests in flight, closes the database and exits 0. With --smtp-url the outbox's \
            messages are sent in the background (a relay that cannot be reached at start is reported on stderr; \
            the server runs and the messages wait); without it they stay queued (recover mail status).
            """,
        options: StudyLocation.options + [
            .option("host", value: "HOST", help: "The IP address to listen on (default 127.0.0.1)."),
            .option("port", value: "PORT", help: "The port (default 8080; 0 picks a free one)."),
            .option("tls-cert", value: "FILE", help: "PEM certificate: serve HTTPS (with --tls-key)."),
            .option("tls-key", value: "FILE", help: "PEM private key for --tls-cert."),
            .option("session-idle-minutes", value: "N", help: "Sign out after N idle minutes (default 30)."),
            .option("session-absolute-hours", value: "N", help: "Sign out N hours after sign-in (default 12)."),
            .option(
                "threads", value: "N",
                help:
                    "Worker threads (default \(ServerConfiguration.defaultThreads)); a submission's thread waits for its commit."
            ),
            .option(
                "trusted-proxy", value: "ADDR",
                help: "The reverse proxy's IP address: believe its X-Forwarded-For (default: believe no one)."),
            .option("connections", value: "N", help: "Open connections at most for pages (default 512)."),
            .option(
                "reserved-connections", value: "N",
                help: "Connections beyond those for /healthz only, one request each (default 512)."),
            .option(
                "connections-per-address", value: "N",
                help: "Open connections from one client address at most (default 64; 0: no limit, as behind a proxy)."),
            .option("header-timeout", value: "SECONDS", help: "Time for a request's line and headers (default 10)."),
            .option("idle-timeout", value: "SECONDS", help: "Time a connection may stay silent (default 30)."),
            .option(
                "min-body-rate", value: "BYTES",
                help: "Bytes per second a body must average after the header timeout (default 4096; 0: none)."),
            .option(
                "health-upload-limit-mb", value: "N",
                help: "The largest Apple Health export a participant may upload, in MiB (default 2048, at most 65536)."),
        ] + MailSettings.options + testOptions
    ) { arguments in
        try arguments.expectPositionals(atMost: 0)
        let mail = try MailSettings(arguments)
        var configuration = ServerConfiguration()
        configuration.host = arguments.value("host") ?? "127.0.0.1"
        configuration.port = UInt16(try arguments.integer("port", default: 8080, in: 0...65_535))
        configuration.threads = try arguments.integer(
            "threads", default: ServerConfiguration.defaultThreads, in: ServerConfiguration.Bounds.threads)
        try connectionLimits(arguments, into: &configuration)
        let idle = try arguments.integer("session-idle-minutes", default: 30, in: 1...24 * 60)
        let absolute = try arguments.integer("session-absolute-hours", default: 12, in: 1...24 * 31)
        switch (arguments.value("tls-cert"), arguments.value("tls-key")) {
        case (nil, nil): break
        case (let cert?, let key?):
            configuration.tlsCertificatePEM = try readText(cert, what: "certificate")
            configuration.tlsKeyPEM = try readText(key, what: "key")
        default: throw UsageError("--tls-cert and --tls-key go together")
        }

        var app = AppConfiguration(dataDirectory: StudyLocation.folder(arguments))
        app.database = try StudyLocation.postgres(arguments)
        app.signingKeyFile = StudyLocation.signingKeyFile(arguments)
        app.sessionIdleTimeout = TimeInterval(idle * 60)
        app.sessionAbsoluteTimeout = TimeInterval(absolute * 3600)
        if let proxy = arguments.value("trusted-proxy") {
            guard let address = NetworkAddress(proxy) else {
                throw UsageError("--trusted-proxy takes a numeric IPv4 or IPv6 address")
            }
            app.trustedProxy = address
        }
        app.studyClock = try studyClock(arguments)
        let healthLimit = try arguments.integer("health-upload-limit-mb", default: 2048, in: 1...65_536)
        app.healthUploadLimit = healthLimit << 20
        app.mail = mail.configuration
        app.log = { line in Output.error.line(line) }
        let recover: RecoverApp
        do {
            recover = try RecoverApp(configuration: app)
        } catch let error as DataFolder.OpenError {
            throw DataError(error.description)
        } catch {
            throw DataError(String(describing: error))
        }
        if recover.folder.signingKeyIsInFolder {
            Output.error.line(
                "warning: the signing key is inside the data folder (\(recover.folder.signingKeyFile.path)): it is "
                    + "only as safe as the folder, since whoever can change the records can also swap the key and "
                    + "re-sign them; move it elsewhere and pass --signing-key FILE (docs/audit.md)")
        }
        let signals = TerminationSignals()
        let services = recover.services
        let firstStart = try recover.firstStartIfNeeded()
        let web = recover.web
        // Every instance looks every 10 minutes; of several on one database, one purges per 9 minutes.
        let jobs = BackgroundJobs(database: recover.folder.records.database)
        let housekeeping = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "recover.housekeeping"))
        housekeeping.schedule(deadline: .now(), repeating: .seconds(600))
        housekeeping.setEventHandler {
            do {
                if try jobs.claim("session-purge", every: 540) { try services.sessions.purgeExpired() }
            } catch {
                Output.error.line("housekeeping failed: \(type(of: error))")
            }
        }
        housekeeping.resume()
        recover.mail.start()
        recover.reminders.start()
        recover.checkpoints.start()
        recover.health.importer.start()
        raiseOpenFileLimit(for: configuration)
        let server: HTTPServer
        do {
            server = try HTTPServer(configuration: configuration, application: web.application)
        } catch {
            throw DataError(String(describing: error))
        }
        let base = baseURL(host: configuration.host, port: server.port, tls: configuration.usesTLS)
        Output.standard.line("Recover is running at \(base)/")
        if let firstStart {
            Output.standard.line("First start: created the admin account (the password is shown only now).")
            Output.standard.line("  Admin email:    \(firstStart.adminEmail)")
            Output.standard.line("  Admin password: \(firstStart.adminPassword)")
            Output.standard.line("  Invitation:     \(base)/join/\(firstStart.invitationCode)")
        }
        let signal = await signals.next()
        Output.error.line("received \(signal): stopping")
        // Nothing calls into the database once the server has stopped; it closes as this action
        // returns and releases the last reference, before the process exits 0.
        housekeeping.cancel()
        recover.mail.stop()
        recover.reminders.stop()
        recover.checkpoints.stop()
        recover.health.importer.stop()
        server.stop()
        Output.error.line("stopped")
    }

    #if DEBUG
        /// Debug builds only (browser tests): the study's "today" moves by the whole days written in a file.
        static let testOptions: [OptionSpec] = [
            .option(
                "fake-today-file", value: "FILE",
                help: "Debug builds only: shift the study clock by the number of days in FILE (read per request)."
            )
        ]

        static func studyClock(_ arguments: ParsedArguments) throws -> @Sendable () -> Date {
            guard let path = arguments.value("fake-today-file") else { return { Date() } }
            return StudyClock.shifted(byDaysIn: URL(fileURLWithPath: path))
        }
    #else
        static let testOptions: [OptionSpec] = []

        static func studyClock(_ arguments: ParsedArguments) throws -> @Sendable () -> Date { { Date() } }
    #endif

    /// The connection limits and deadlines of `serve`, each within ``ServerConfiguration/Bounds``.
    static func connectionLimits(_ arguments: ParsedArguments, into configuration: inout ServerConfiguration) throws {
        typealias Bounds = ServerConfiguration.Bounds
        let options: [(String, WritableKeyPath<ServerConfiguration, Int>, ClosedRange<Int>)] = [
            ("connections", \.connectionLimit, Bounds.connectionLimit),
            ("reserved-connections", \.reservedConnections, Bounds.reservedConnections),
            ("connections-per-address", \.connectionsPerAddress, Bounds.connectionsPerAddress),
            ("header-timeout", \.headerTimeout, Bounds.headerTimeout),
            ("idle-timeout", \.connectionTimeout, Bounds.connectionTimeout),
            ("min-body-rate", \.minimumBodyRate, Bounds.minimumBodyRate),
        ]
        for (name, setting, bounds) in options {
            configuration[keyPath: setting] = try arguments.integer(
                name, default: configuration[keyPath: setting], in: bounds)
        }
    }

    /// Raises the soft limit of open files (often 1024) towards the hard one, so every connection the server
    /// may hold has a descriptor, with room for the database and files; says so when it cannot.
    static func raiseOpenFileLimit(for configuration: ServerConfiguration) {
        let needed = rlim_t(configuration.connectionLimit + configuration.reservedConnections + 256)
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < needed else { return }
        limit.rlim_cur = min(needed, limit.rlim_max)
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        if limit.rlim_cur < needed {
            Output.error.line("warning: open files are limited to \(limit.rlim_cur); \(needed) are wanted (ulimit -n)")
        }
    }

    static func readText(_ path: String, what: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DataError("cannot read the TLS \(what) file \(path)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    static func baseURL(host: String, port: UInt16, tls: Bool) -> String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(tls ? "https" : "http")://\(shownHost):\(port)"
    }
}
