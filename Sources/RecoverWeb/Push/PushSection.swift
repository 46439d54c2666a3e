import Foundation
import RecoverData
import Web

/// The account page's "reminders on this device" card: a button (shown by `push.js`) that turns Web Push on or
/// off for this browser. Without JavaScript it says that it needs it.
enum PushSection {
    static func render(_ request: Request) -> HTML {
        guard let account = request.account, account.role == .participant, !account.isWithdrawn else { return .empty }
        let t = Localizer(request.language)
        return """
            <section class="card" aria-labelledby="push-heading" data-push-device \
            data-turn-on-label="\(t["push.device.turnOn"])" data-turn-off-label="\(t["push.device.turnOff"])" \
            data-on-message="\(t["push.device.on"])" data-off-message="\(t["push.device.off"])">
            <h2 id="push-heading">\(t["push.device.heading"])</h2>
            <p>\(t["push.device.intro"])</p>
            <p class="hint" data-push-no-script>\(t["push.device.needsScript"])</p>
            <div><button class="button secondary" type="button" data-push-toggle hidden>\(t["push.device.turnOn"])</button></div>
            <p class="permission-status" data-push-status role="status"></p>
            </section>
            """
    }
}
