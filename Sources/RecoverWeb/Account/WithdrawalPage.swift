import Care
import Foundation
import RecoverData
import Web

/// `/account/withdraw`: a confirmation page, then a POST (with the CSRF token) that stops the participant's
/// schedules from today and marks the account withdrawn. Nothing is deleted; sign-in and downloads still work.
enum WithdrawalPage {
    static func show(_ request: Request) throws -> Response {
        guard let account = request.account else { throw HTTPError(.unauthorized) }
        guard account.role == .participant else { throw HTTPError(.forbidden) }
        let t = Localizer(request.language)
        if account.withdrawnAt != nil { return .redirect(to: "/account") }
        return .html(
            Layout.page(
                title: t["withdraw.title"], request: request,
                body: """
                    <h1>\(t["withdraw.title"])</h1>
                    <div class="card">
                    <p>\(t["withdraw.intro"])</p>
                    <ul>
                    <li>\(t["withdraw.point.tasks"])</li>
                    <li>\(t["withdraw.point.kept"])</li>
                    <li>\(t["withdraw.point.signIn"])</li>
                    </ul>
                    <form method="post" action="/account/withdraw">
                    \(Layout.csrfField(request))
                    <p><button class="button" type="submit">\(t["withdraw.confirm"])</button></p>
                    </form>
                    <p><a href="/account">\(t["withdraw.cancel"])</a></p>
                    </div>
                    """))
    }

    static func submit(_ request: Request, services: WebServices, study: StudyServices) throws -> Response {
        guard let account = request.account else { throw HTTPError(.unauthorized) }
        guard account.role == .participant else { throw HTTPError(.forbidden) }
        if account.withdrawnAt == nil {
            let now = study.now()
            try study.records.withdraw(
                patientID: account.id, on: ParticipantClock.today(for: account, now: now), at: now)
        }
        return .redirect(to: "/account?withdrawn=1")
    }
}
