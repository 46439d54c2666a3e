import Foundation
import RecoverData
import Web

/// The account page's study sections: time zone, "your data" (downloads, signed consent) and withdrawal.
enum AccountRecordSections {
    /// A section of the account page on a page of its own (a refused correction, so that reloading it or
    /// switching its language lands on the form): the heading `titleKey`, the section, a link back to the account.
    static func page(_ request: Request, titleKey: String, backKey: String, section: HTML) -> HTML {
        let t = Localizer(request.language)
        return Layout.page(
            title: t[titleKey], request: request,
            body: """
                <h1>\(t[titleKey])</h1>
                \(section)
                <p><a href="/account">\(t[backKey])</a></p>
                """)
    }

    static func render(_ request: Request) -> HTML {
        guard let account = request.account else { return .empty }
        let timeZone = TimeZoneSection.render(request, account: account)
        guard account.role == .participant else { return timeZone }
        let t = Localizer(request.language)
        let withdrawal: HTML
        if let withdrawnAt = account.withdrawnAt {
            let zone = TimeZone(identifier: account.zoneIdentifier) ?? TimeZone(identifier: "UTC") ?? .current
            let day = ParticipantClock.today(for: account, now: withdrawnAt).description
            withdrawal = """
                <p>\(t("withdraw.done", ["date": day]))</p>
                <p class="hint">\(t("withdraw.zone", ["zone": zone.identifier]))</p>
                """
        } else {
            withdrawal = """
                <p>\(t["withdraw.summary"])</p>
                <p><a class="button secondary" href="/account/withdraw">\(t["withdraw.start"])</a></p>
                """
        }
        let reminders: HTML =
            account.withdrawnAt == nil
            ? """
            <section class="card" id="reminders" aria-labelledby="reminders-heading">
            <h2 id="reminders-heading">\(t["reminders.account.title"])</h2>
            <p>\(t["reminders.account.intro"])</p>
            <p><a class="button secondary" href="/account/reminders">\(t["reminders.account.link"])</a></p>
            </section>
            """ : .empty
        return """
            \(timeZone)
            \(reminders)
            <section class="card" aria-labelledby="data-heading">
            <h2 id="data-heading">\(t["data.heading"])</h2>
            <p>\(t["data.intro"])</p>
            <ul>
            <li><a href="/account/consent">\(t["data.consent"])</a></li>
            <li><a href="/account/consent.pdf" download>\(t["data.consentPDF"])</a></li>
            <li><a href="/account/consent/receipt.json" download>\(t["consent.receipt.download"])</a></li>
            <li><a href="/account/data.csv" download>\(t["data.csv"])</a></li>
            <li><a href="/account/data.json" download>\(t["data.json"])</a></li>
            <li><a href="/account/access">\(t["access.link"])</a></li>
            \(account.withdrawnAt == nil ? "<li><a href=\"/account/health\">\(t["health.account.link"])</a></li>" : HTML.empty)
            </ul>
            </section>
            <section class="card" aria-labelledby="withdraw-heading">
            <h2 id="withdraw-heading">\(t["withdraw.title"])</h2>
            \(withdrawal)
            </section>
            """
    }
}
