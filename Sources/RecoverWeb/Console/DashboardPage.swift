import Foundation
import RecoverData
import Web

/// `GET /console`: enrollment figures, study adherence per day (chart and table) and alerts.
enum DashboardPage {
    /// How many alerts of each kind the dashboard lists before pointing to the participant list.
    static let alertsShown = 50

    static func show(_ request: Request, context: ConsoleContext) throws -> Response {
        let t = Localizer(request.language)
        let today = context.today()
        let now = context.services.now()
        let cached = try context.dashboardCache.figures(now: now, today: today) {
            DashboardCache.Figures(figures: try context.records.dashboard(today: today), computedAt: now, today: today)
        }
        let (counts, adherence, alerts) = (cached.figures.counts, cached.figures.adherence, cached.figures.alerts)
        let figures: [HTML] = [
            ("console.dashboard.joined", counts.joined), ("console.dashboard.onboarded", counts.onboarded),
            ("console.dashboard.withdrawn", counts.withdrawn),
        ].map { key, value in
            HTML("<li class=\"figure\"><span class=\"figure-value\">\(value)</span>\(t[key])</li>")
        }
        let chart = ConsoleChart.bars(
            id: "adherence", title: t["console.dashboard.adherenceTitle"],
            description: t["console.dashboard.adherenceDescription"], tableSummary: t["console.chart.showTable"],
            categoryName: t["console.chart.day"], categories: adherence.map(\.day.description),
            series: [
                .init(name: t["console.dashboard.adherence"], style: "adherence", values: adherence.map(\.fraction))
            ],
            maximum: 1, format: ConsoleFormat.percent)
        let pain = alerts.filter { if case .highPain = $0.reason { true } else { false } }
        let missed = alerts.filter { $0.reason == .missedCheckins }
        return .html(
            ConsoleLayout.page(
                title: t["console.title"], section: .dashboard, request: request,
                body: """
                    <h1>\(t["console.title"])</h1>
                    <h2 class="visually-hidden">\(t["console.dashboard.enrollment"])</h2>
                    <ul class="figures">\(figures)</ul>
                    <p class="hint">\(t("console.dashboard.asOf", ["time": ConsoleFormat.dateTime(cached.computedAt, in: context.zone)]))</p>
                    \(chart)
                    <section class="card" aria-labelledby="alerts-heading">
                    <h2 id="alerts-heading">\(t["console.dashboard.alerts"])</h2>
                    \(alertList(pain, heading: t("console.alert.highPainHeading", ["threshold": "\(ConsoleQueries.highPainThreshold)"]), id: "pain", t: t))
                    \(alertList(missed, heading: t["console.alert.missedHeading"], id: "missed", t: t))
                    </section>
                    \(publicKey(context.serverPublicKey, t: t))
                    """))
    }

    /// The server's public key, so staff can check exported consent records' server signatures.
    static func publicKey(_ key: [UInt8]?, t: Localizer) -> HTML {
        let body: HTML =
            key.map { key in
                """
                <p class="id">\(Data(key).base64EncodedString())</p><p class="hint">\(t["console.publicKey.hint"])</p>
                """
            } ?? "<p>\(t["console.publicKey.none"])</p>"
        return """
            <section class="card" aria-labelledby="key-heading">
            <h2 id="key-heading">\(t["console.publicKey.title"])</h2>
            \(body)
            </section>
            """
    }

    static func alertList(_ alerts: [ConsoleAlert], heading: String, id: String, t: Localizer) -> HTML {
        let items = alerts.prefix(alertsShown).map { alert in
            let detail: HTML =
                switch alert.reason {
                case .highPain(let score, let on):
                    " · \(t("console.alert.painDetail", ["score": ConsoleFormat.number(score), "date": String(on.prefix(10))]))"
                case .missedCheckins: .empty
                }
            return HTML(
                "<li><a href=\"/console/participants/\(alert.participantID)\">\(alert.email)</a>\(detail)</li>")
        }
        let more: HTML =
            alerts.count > alertsShown
            ? "<p>\(t("console.alert.more", ["count": "\(alerts.count - alertsShown)"]))</p>" : .empty
        let list: HTML =
            alerts.isEmpty ? "<p>\(t["console.alert.none"])</p>" : "<ul class=\"alerts\">\(items)</ul>\(more)"
        return """
            <h3 id="alerts-\(id)">\(heading) (\(alerts.count))</h3>
            \(list)
            """
    }
}
