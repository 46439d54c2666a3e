import Foundation
import RecoverData
import Web

/// What the recovery pages need beyond the web services: the use cases, and whether e-mail reaches anyone.
public struct RecoveryServices: Sendable {
    /// Reset links, the notice after a change, deactivation.
    public let recovery: AccountRecovery
    /// Whether an SMTP relay, a sender address and a public URL are configured, so that a reset link can be
    /// sent at all; without them the pages say so instead of pretending to send.
    public let mailReady: Bool

    /// The services over `recovery`; `mailReady` as the composition root knows it.
    public init(recovery: AccountRecovery, mailReady: Bool) {
        self.recovery = recovery
        self.mailReady = mailReady
    }
}

/// `GET`/`POST /forgot-password` and `GET`/`POST /reset-password` (docs/account-recovery.md).
public enum RecoveryRoutes {
    /// Adds the recovery pages to `router`; they are public (the person cannot sign in).
    public static func add(to router: inout Router, services: WebServices, recovery: RecoveryServices) {
        router.group(.publicPages) { pages in
            pages.get("/forgot-password") { request in try ForgotPasswordPage.show(request, recovery: recovery) }
            pages.post("/forgot-password") { request in
                try ForgotPasswordPage.submit(request, services: services, recovery: recovery)
            }
            pages.get("/reset-password") { request in try ResetPasswordPage.show(request) }
            pages.post("/reset-password") { request in
                try ResetPasswordPage.submit(request, services: services, recovery: recovery)
            }
        }
    }
}
