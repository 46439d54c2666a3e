import Foundation
import Recover
import RecoverData
import Web

/// `GET /console`: who needs attention (alerts, behind today, unsigned consent), enrollment figures and study
/// adherence per day (chart and table), all from ``DashboardCache``.
enum DashboardPage {
    /// How many participants the "Needs attention" list shows before pointing to the participant list.
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
        return .html(
            ConsoleLayout.page(
                title: t["console.title"], section: .dashboard, request: request,
                body: """
                    <h1>\(t["console.title"])</h1>
                    \(attention(alerts + cached.figures.attention, t: t))
                    <h2 class="visually-hidden">\(t["console.dashboard.enrollment"])</h2>
                    <ul class="figures">\(figures)</ul>
                    <p class="hint">\(t("console.dashboard.asOf", ["time": ConsoleFormat.dateTime(cached.computedAt, in: context.zone)]))</p>
                    \(chart)
                    """))
    }

    /// One participant on the "Needs attention" list, with every reason.
    struct Attention {
        let participantID: String
        let email: String
        var reasons: [ConsoleAlert.Reason]

        /// Most urgent first: an alert rule's answer (high pain), missed check-ins, an unsigned consent, behind today.
        var rank: Int { reasons.map(Self.rank).min() ?? 4 }

        static func rank(_ reason: ConsoleAlert.Reason) -> Int {
            switch reason {
            case .answer: 0
            case .missedDailyTask: 1
            case .consentUnsigned: 2
            case .behindToday: 3
            }
        }
    }

    /// The participants of `alerts`, one entry each with all their reasons, most urgent first (participants
    /// and reasons alike); "behind today" is left out for someone who already missed three days.
    static func attentionEntries(_ alerts: [ConsoleAlert]) -> [Attention] {
        var entries: [Attention] = []
        var index: [String: Int] = [:]
        for alert in alerts {
            if let at = index[alert.participantID] {
                entries[at].reasons.append(alert.reason)
            } else {
                index[alert.participantID] = entries.count
                entries.append(
                    Attention(participantID: alert.participantID, email: alert.email, reasons: [alert.reason]))
            }
        }
        for at in entries.indices {
            if entries[at].reasons.contains(where: { if case .missedDailyTask = $0 { true } else { false } }) {
                entries[at].reasons.removeAll { $0 == .behindToday }
            }
            entries[at].reasons.sort { Attention.rank($0) < Attention.rank($1) }
        }
        return entries.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }.map(
            \.element)
    }

    /// The "Needs attention" card: each participant linked to their page, with why, at most ``alertsShown``.
    static func attention(_ alerts: [ConsoleAlert], t: Localizer) -> HTML {
        let entries = attentionEntries(alerts)
        let items = entries.prefix(alertsShown).map { entry in
            let reasons = entry.reasons.map { HTML("<li>\(reasonText($0, t: t))</li>") }
            return HTML(
                """
                <li><a href="/console/participants/\(entry.participantID)">\(entry.email)</a>
                <ul class="attention-reasons">\(reasons)</ul></li>
                """)
        }
        let more: HTML =
            entries.count > alertsShown
            ? "<p>\(t("console.alert.more", ["count": "\(entries.count - alertsShown)"]))</p>" : .empty
        let list: HTML =
            entries.isEmpty
            ? "<p>\(t["console.attention.none"])</p>" : "<ul class=\"attention-list\">\(Array(items))</ul>\(more)"
        return """
            <section class="card attention" aria-labelledby="attention-heading">
            <h2 id="attention-heading">\(t["console.attention.title"]) (\(entries.count))</h2>
            <p class="hint">\(t["console.attention.hint"])</p>
            \(list)
            </section>
            """
    }

    static func reasonText(_ reason: ConsoleAlert.Reason, t: Localizer) -> String {
        switch reason {
        case .answer(let rule, let value, let on, let messages):
            Localizer.fill(
                Recover.StudyText.pick(messages, t.language.tag, fallback: "en") ?? rule,
                ["value": ConsoleFormat.number(value), "date": String(on.prefix(10))])
        case .missedDailyTask(let days): t("console.attention.missed", ["days": String(days)])
        case .behindToday: t["console.attention.behind"]
        case .consentUnsigned(let documentID, let version, let titles):
            t(
                "console.attention.consent",
                [
                    "title": titles[t.language.tag] ?? titles["en"] ?? titles.values.sorted().first ?? documentID,
                    "version": version,
                ])
        }
    }
}
