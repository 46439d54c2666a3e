import Care
import Foundation
import RecoverData
import Web

/// What the reminder pages need: the settings use cases, the scheduler (for the unsubscribe tokens), and
/// whether e-mail can go at all.
public struct ReminderPageServices: Sendable {
    /// Reading and saving preferences.
    public let settings: ReminderSettings
    /// The scheduler whose key signs the unsubscribe links.
    public let scheduler: ReminderScheduler
    /// Whether a relay, a sender and a public URL are configured.
    public let mailReady: Bool
    /// The clock of the changes.
    public let now: @Sendable () -> Date

    /// The services over `settings` and `scheduler`.
    public init(
        settings: ReminderSettings, scheduler: ReminderScheduler, mailReady: Bool,
        now: @escaping @Sendable () -> Date
    ) {
        self.settings = settings
        self.scheduler = scheduler
        self.mailReady = mailReady
        self.now = now
    }
}

extension Area {
    /// `/account/reminders`: a participant's reminder choices.
    public static let reminderPages = Area("/account/reminders", access: .participant)
}

/// `GET`/`POST /account/reminders` and the one-click unsubscribe link of reminder e-mails
/// (`/reminders/unsubscribe/:participant/:token`, docs/reminders.md).
public enum ReminderRoutes {
    /// Adds the reminder routes to `router`.
    public static func add(to router: inout Router, reminders: ReminderPageServices) {
        router.group(.reminderPages) { pages in
            pages.get("") { request in try RemindersPage.show(request, reminders: reminders) }
            pages.post("") { request in try RemindersPage.save(request, reminders: reminders) }
        }
        router.group(.publicPages) { pages in
            pages.get("/reminders/unsubscribe/:participant/:token") { request in
                try UnsubscribePage.show(request, reminders: reminders)
            }
            pages.post("/reminders/unsubscribe/:participant/:token") { request in
                try UnsubscribePage.unsubscribe(request, reminders: reminders)
            }
        }
        // A mail client's one-click unsubscribe (RFC 8058) posts without a session or CSRF token; the link's
        // own token authorises the one change it makes.
        router.exemptFromCSRF(.post, "/reminders/unsubscribe/:participant/:token")
    }
}

/// The unsubscribe link: a page with one button, and the POST a mail client sends (RFC 8058) or the button.
enum UnsubscribePage {
    static func participant(_ request: Request, reminders: ReminderPageServices) throws -> String {
        let participant = try request.parameter("participant")
        let token = try request.parameter("token")
        guard participant.utf8.count <= 64, reminders.scheduler.isUnsubscribeToken(token, participantID: participant)
        else { throw HTTPError(.notFound, "reminders.unsubscribe.invalid") }
        return participant
    }

    static func show(_ request: Request, reminders: ReminderPageServices) throws -> Response {
        _ = try participant(request, reminders: reminders)
        let t = Localizer(request.language)
        return page(
            request,
            """
            <p>\(t["reminders.unsubscribe.intro"])</p>
            <form method="post" action="\(request.path)">\(Layout.csrfField(request))
            <button class="button" type="submit">\(t["reminders.unsubscribe.button"])</button></form>
            """)
    }

    static func unsubscribe(_ request: Request, reminders: ReminderPageServices) throws -> Response {
        let id = try participant(request, reminders: reminders)
        guard try reminders.settings.stopEmail(participantID: id, at: reminders.now()) else {
            throw HTTPError(.notFound, "reminders.unsubscribe.invalid")
        }
        let t = Localizer(request.language)
        return page(
            request,
            """
            <p class="notice" role="status">\(t["reminders.unsubscribe.done"])</p>
            <p><a href="/account/reminders">\(t["reminders.unsubscribe.change"])</a></p>
            """)
    }

    /// The unsubscribe page with `content` under its heading.
    static func page(_ request: Request, _ content: HTML) -> Response {
        let t = Localizer(request.language)
        return .html(
            Layout.page(
                title: t["reminders.unsubscribe.title"], request: request,
                body: """
                    <h1>\(t["reminders.unsubscribe.title"])</h1>
                    \(content)
                    """))
    }
}
