import Care
import Foundation
import RecoverData
import Web

/// `/account/reminders`: how the participant is reminded: e-mail, push, the calendar feed, quiet hours and
/// a pause. A form post; a time that is not one is a 400 page and changes nothing.
enum RemindersPage {
    static func show(_ request: Request, reminders: ReminderPageServices) throws -> Response {
        guard let account = request.account else { throw HTTPError(.unauthorized) }
        let preferences = try reminders.settings.preferences(participantID: account.id)
        return .html(
            render(request, preferences, account: account, reminders: reminders, saved: request.query["saved"] != nil))
    }

    static func save(_ request: Request, reminders: ReminderPageServices) throws -> Response {
        guard let account = request.account else { throw HTTPError(.unauthorized) }
        let form = try request.form()
        var preferences = ReminderPreferences(
            email: form["email"] == "on", push: form["push"] == "on", calendar: form["calendar"] == "on",
            paused: form["paused"] == "on")
        if form["quiet"] == "on" {
            guard let start = LocalTime(form["quietStart"] ?? ""), let end = LocalTime(form["quietEnd"] ?? ""),
                start != end
            else { throw HTTPError(.badRequest, "reminders.error.quietHours") }
            preferences.quietStart = start
            preferences.quietEnd = end
        }
        try reminders.settings.save(preferences, participantID: account.id, at: reminders.now())
        return .redirect(to: "/account/reminders?saved=1")
    }

    static func render(
        _ request: Request, _ preferences: ReminderPreferences, account: Account, reminders: ReminderPageServices,
        saved: Bool
    ) -> HTML {
        let t = Localizer(request.language)
        func box(_ name: String, _ on: Bool, _ label: String, hint: String? = nil) -> HTML {
            let checked: HTML = on ? " checked" : .empty
            let hintHTML: HTML = hint.map { "<p class=\"hint\" id=\"\(name)-hint\">\($0)</p>" } ?? .empty
            let described: HTML = hint == nil ? .empty : " aria-describedby=\"\(name)-hint\""
            return """
                <div class="check-row"><input type="checkbox" id="\(name)" name="\(name)"\(checked)\(described)>
                <label for="\(name)">\(label)</label>\(hintHTML)</div>
                """
        }
        let start = preferences.quietStart.map { String($0.description.prefix(5)) } ?? "21:00"
        let end = preferences.quietEnd.map { String($0.description.prefix(5)) } ?? "07:00"
        let notice: HTML = saved ? "<p class=\"notice\" role=\"status\">\(t["reminders.saved"])</p>" : .empty
        let noMail: HTML =
            reminders.mailReady ? .empty : "<p class=\"alert\" role=\"status\">\(t["reminders.noMail"])</p>"
        return Layout.page(
            title: t["reminders.title"], request: request,
            body: """
                <h1>\(t["reminders.title"])</h1>
                \(notice)
                <p>\(t["reminders.intro"])</p>
                \(noMail)
                <form class="stack card" method="post" action="/account/reminders">
                \(Layout.csrfField(request))
                <fieldset class="stack"><legend>\(t["reminders.channels"])</legend>
                \(box("email", preferences.email, t["reminders.email"], hint: t("reminders.emailHint", ["email": account.email])))
                \(box("push", preferences.push, t["reminders.push"], hint: t["reminders.pushHint"]))
                \(box("calendar", preferences.calendar, t["reminders.calendar"], hint: t["reminders.calendarHint"]))
                </fieldset>
                <fieldset class="stack"><legend>\(t["reminders.quiet"])</legend>
                \(box("quiet", preferences.hasQuietHours, t["reminders.quietOn"], hint: t["reminders.quietHint"]))
                <div class="field"><label for="quietStart">\(t["reminders.quietStart"])</label>
                <input id="quietStart" name="quietStart" type="time" value="\(start)"></div>
                <div class="field"><label for="quietEnd">\(t["reminders.quietEnd"])</label>
                <input id="quietEnd" name="quietEnd" type="time" value="\(end)"></div>
                </fieldset>
                \(box("paused", preferences.paused, t["reminders.pause"], hint: t["reminders.pauseHint"]))
                <div><button class="button" type="submit">\(t["reminders.save"])</button></div>
                </form>
                <p><a href="/account">\(t["reminders.back"])</a></p>
                """)
    }
}
