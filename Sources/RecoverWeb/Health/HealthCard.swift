import Care
import Foundation
import RecoverData
import Web

/// "Share your Apple Health data" on today's feed, below the day's tasks (they come first), from onboarding on until the participant has uploaded an
/// export or said "Not now" (`POST /account/health/not-now`, remembered by this browser in a cookie: a
/// preference of the page, not a record of the study).
enum HealthCard {
    /// The cookie that hides the card.
    static let cookie = "recover_health_card"

    /// Whether today's feed shows the card: onboarded, today, not put away on this browser, no upload yet.
    static func shows(
        _ request: Request, participant: ParticipantContext, day: LocalDate, study: StudyServices
    ) throws -> Bool {
        guard participant.isOnboarded, day == participant.today, !isHidden(request) else { return false }
        return try study.records.healthUploads(participantID: participant.account.id).isEmpty
    }

    /// Whether this browser said "Not now" (the cookie).
    static func isHidden(_ request: Request) -> Bool {
        request.cookies[Cookie.name(cookie, secure: request.isSecure)] != nil
    }

    static func render(_ request: Request) -> HTML {
        let t = Localizer(request.language)
        return """
            <section class="card health-card" aria-labelledby="health-card-title">
            <h3 id="health-card-title">\(t["health.feed.title"])</h3>
            <p>\(t["health.feed.text"])</p>
            <div class="health-card-actions">
            <a class="button" href="/account/health">\(t["health.feed.action"])</a>
            <form method="post" action="/account/health/not-now">\(Layout.csrfField(request))\
            <button class="button button--secondary" type="submit">\(t["health.feed.notNow"])</button></form>
            </div>
            </section>
            """
    }

    /// Hides the card on this browser for a year and goes back to the feed.
    static func notNow(_ request: Request) -> Response {
        var response = Response.redirect(to: "/")
        response.cookies.append(
            Cookie(name: cookie, value: "hidden", maxAge: 365 * 24 * 3600, secure: request.isSecure).headerValue)
        return response
    }
}
