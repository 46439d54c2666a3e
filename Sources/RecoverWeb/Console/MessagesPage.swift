import Foundation
import RecoverData
import Web

/// `/console/messages` (staff): the outbox's log, newest first: to whom, what kind, when, where delivery
/// stands, and the last error's code. There is no content to show: a message carries none. Filters by kind
/// and state come as query parameters and are checked (an unknown one is a 400 page).
enum MessagesPage {
    /// At most this many entries on the page.
    static let limit = 200
    /// The kinds the filter offers.
    static let kinds: [MessageKind] = [.passwordReset, .resetNotice, .invitation, .reminder, .staffDigest, .test]

    static func show(_ request: Request, context: ConsoleContext) throws -> Response {
        let messaging = try context.requireMessaging()
        let kind = try filter(request, "kind").map { text in
            guard let kind = MessageKind(rawValue: text), kinds.contains(kind) else {
                throw HTTPError(.badRequest, "console.messages.error.filter")
            }
            return kind
        }
        let state = try filter(request, "state").map { text in
            guard let state = OutboxMessage.State(rawValue: text) else {
                throw HTTPError(.badRequest, "console.messages.error.filter")
            }
            return state
        }
        let now = context.services.now()
        let entries = try messaging.outbox.log(MessageLogQuery(kind: kind, state: state, limit: limit))
        let summary = try messaging.outbox.summary(now: now)
        return .html(
            render(
                request, context: context, entries: entries, summary: summary, kind: kind, state: state,
                mailReady: messaging.recovery.mailReady))
    }

    static func render(
        _ request: Request, context: ConsoleContext, entries: [MessageLogEntry], summary: OutboxSummary,
        kind: MessageKind?, state: OutboxMessage.State?, mailReady: Bool
    ) -> HTML {
        let t = Localizer(request.language)
        let zone = context.zone
        let status: HTML =
            mailReady
            ? "<p class=\"notice\" role=\"status\">\(t["console.messages.ready"])</p>"
            : "<p class=\"alert\" role=\"status\">\(t["console.mail.notConfigured"])</p>"
        let counts = OutboxMessage.State.allCases.map { item in
            HTML("<li>\(t["console.messages.state.\(item.rawValue)"]): <strong>\(summary.count(item))</strong></li>")
        }
        let rows = entries.map { entry in
            let when = entry.sentAt ?? entry.nextAttemptAt
            let whenLabel: HTML =
                entry.sentAt != nil
                ? "\(ConsoleFormat.dateTime(when, in: zone))"
                : entry.state == .queued
                    ? "\(t["console.messages.next"]) \(ConsoleFormat.dateTime(when, in: zone))" : .empty
            return HTML(
                """
                <tr><td>\(ConsoleFormat.dateTime(entry.createdAt, in: zone))</td><td>\(entry.recipient)</td>\
                <td>\(t["console.messages.kind.\(entry.kind.rawValue)"])</td>\
                <td><span class="badge \(badge(entry.state))">\(t["console.messages.state.\(entry.state.rawValue)"])</span></td>\
                <td>\(entry.attempts)</td><td>\(whenLabel)</td><td>\(entry.lastError.map { HTML("<code>\($0)</code>") } ?? .empty)</td></tr>
                """)
        }
        let kindOptions =
            [HTML("<option value=\"\">\(t["console.messages.all"])</option>")]
            + kinds.map { item in
                let selected: HTML = item == kind ? " selected" : .empty
                return HTML(
                    "<option value=\"\(item.rawValue)\"\(selected)>\(t["console.messages.kind.\(item.rawValue)"])</option>"
                )
            }
        let stateOptions =
            [HTML("<option value=\"\">\(t["console.messages.all"])</option>")]
            + OutboxMessage.State.allCases.map { item in
                let selected: HTML = item == state ? " selected" : .empty
                return HTML(
                    "<option value=\"\(item.rawValue)\"\(selected)>\(t["console.messages.state.\(item.rawValue)"])</option>"
                )
            }
        let table: HTML =
            entries.isEmpty
            ? "<p>\(t["console.messages.none"])</p>"
            : ConsoleLayout.table(
                caption: t["console.messages.caption"],
                head: [
                    t["console.messages.queued"], t["console.messages.to"], t["console.messages.kind"],
                    t["console.messages.stateColumn"], t["console.messages.attempts"], t["console.messages.when"],
                    t["console.messages.error"],
                ], rows: rows)
        return ConsoleLayout.page(
            title: t["console.messages.title"], section: .messages, request: request,
            body: """
                <h1>\(t["console.messages.title"])</h1>
                \(status)
                <p>\(t["console.messages.intro"])</p>
                <ul class="inline-counts">\(counts)</ul>
                <form class="toolbar" method="get" action="/console/messages">
                <div class="field"><label for="kind">\(t["console.messages.kind"])</label>
                <select id="kind" name="kind">\(kindOptions)</select></div>
                <div class="field"><label for="state">\(t["console.messages.stateColumn"])</label>
                <select id="state" name="state">\(stateOptions)</select></div>
                <div><button class="button secondary" type="submit">\(t["console.messages.filter"])</button></div>
                </form>
                \(table)
                """)
    }

    /// The query parameter `name`, nil when missing or empty ("All").
    static func filter(_ request: Request, _ name: String) -> String? {
        guard let value = request.query[name], !value.isEmpty else { return nil }
        return value
    }

    static func badge(_ state: OutboxMessage.State) -> String {
        switch state {
        case .sent: "used"
        case .failed: "revoked"
        case .queued, .sending: "open"
        }
    }
}
