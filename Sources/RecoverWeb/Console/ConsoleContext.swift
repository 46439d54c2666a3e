import Care
import Exports
import Foundation
import RecoverData
import Web

/// What the console's handlers share: the database, the web services, and the rules every console page
/// follows (admin-only checks, auditing staff reads of participant data).
public struct ConsoleContext: Sendable {
    /// The study's records and use cases.
    public let records: any ConsoleStore
    /// Writes the study's exports; nil when the server has no signing key (pseudonyms need it).
    public let exports: StudyExports?
    /// Sessions, password hashing, the clock and the default zone.
    public let services: WebServices
    /// The server's Ed25519 public key (32 bytes), which verifies consent records' server signatures; nil
    /// when the server has no signing key.
    public let serverPublicKey: [UInt8]?
    /// The dashboard's figures for a short time (shared by every copy of the context).
    let dashboardCache: DashboardCache
    /// Reset links, deactivation and the message log; nil in a console without an outbox (some tests).
    public let messaging: ConsoleMessaging?

    /// A context over the console's records.
    /// - Parameters:
    ///   - serverPublicKey: the key that verifies consent records' server signatures, shown on the settings page.
    ///   - dashboardLifetime: how many seconds the dashboard's figures are reused (0: never).
    ///   - studyClock: the study's clock, whose day the console counts by (the participant pages' and the
    ///     reminders' clock); nil: the services' clock.
    public init(
        records: any ConsoleStore, exports: StudyExports?, serverPublicKey: [UInt8]?, services: WebServices,
        dashboardLifetime: TimeInterval = 30, messaging: ConsoleMessaging? = nil,
        studyClock: (@Sendable () -> Date)? = nil
    ) {
        self.studyClock = studyClock ?? services.now
        self.messaging = messaging
        self.records = records
        self.exports = exports
        self.services = services
        self.serverPublicKey = serverPublicKey
        dashboardCache = DashboardCache(lifetime: dashboardLifetime)
    }

    /// The messaging services, or a 404 page when this console has none.
    func requireMessaging() throws -> ConsoleMessaging {
        guard let messaging else { throw HTTPError(.notFound) }
        return messaging
    }

    /// The zone the console counts days in (the server's default zone).
    var zone: TimeZone { TimeZone(identifier: services.defaultTimeZone) ?? TimeZone.current }

    /// The study's clock.
    let studyClock: @Sendable () -> Date

    /// The study's today in the console's zone.
    func today() -> LocalDate { LocalDateTime(instant: studyClock(), in: zone).date }

    /// Throws a 403 page unless the signed-in account is an admin.
    func requireAdmin(_ request: Request) throws {
        guard request.account?.role == .admin else { throw HTTPError(.forbidden, "console.error.adminOnly") }
    }

    /// The signed-in staff account (the route's access rule guarantees one).
    func staff(_ request: Request) throws -> Account {
        guard let account = request.account, account.role.isStaff else {
            throw HTTPError(.forbidden, "error.staffOnly")
        }
        return account
    }

    /// The audit trail's actor name of the signed-in staff member.
    func actor(_ request: Request) throws -> String { "account:\(try staff(request).id)" }

    /// Records in the audit trail that the signed-in staff member read `row` of participant `participantID`.
    ///
    /// The one call site of the audit trail for staff reads: every console view of one participant's data
    /// calls it before answering, once per view.
    func recordRead(_ request: Request, participantID: String?, row: AuditedRow) throws {
        try records.recordStaffRead(
            actor: try actor(request), of: row, participantID: participantID, at: services.now())
    }
}

/// What the console's account and message pages use: the recovery use cases (with whether mail is ready) and
/// the outbox whose log staff read.
public struct ConsoleMessaging: Sendable {
    /// Reset links and deactivation.
    public let recovery: RecoveryServices
    /// The study's outbox.
    public let outbox: MessageOutbox

    /// The console's messaging over `recovery` and `outbox`.
    public init(recovery: RecoveryServices, outbox: MessageOutbox) {
        self.recovery = recovery
        self.outbox = outbox
    }
}
