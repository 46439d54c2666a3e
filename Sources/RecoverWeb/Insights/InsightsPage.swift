import Care
import Foundation
import Recover
import RecoverData
import Web

/// `GET /insights`: the participant's progress: pain and sleep per day for four weeks, range of motion over
/// time with the goal line, each with a summary sentence and a data table.
///
/// Staff go to the console; a participant who has not finished onboarding goes to `/`, like every study page.
enum InsightsPage {
    static func show(_ request: Request, services: WebServices, study: StudyServices) throws -> Response {
        guard let account = request.account else { return .redirect(to: "/sign-in") }
        if account.role.isStaff { return .redirect(to: "/console") }
        let outcomes = try study.records.outcomes(patientID: account.id)
        guard RecoveryInsights.hasCompletedOnboarding(outcomes) else { return .redirect(to: "/") }
        let today = ParticipantClock.today(for: account, now: study.now())
        let insights = RecoveryInsights(outcomes: outcomes, today: today)
        var response = Response.html(render(insights, request: request, knee: KneeCard(outcomes: outcomes)))
        response.headers["Cache-Control"] = "no-store"
        return response
    }

    static func render(_ insights: RecoveryInsights, request: Request, knee: KneeCard? = nil) -> HTML {
        let t = Localizer(request.language)
        let summary = InsightsSummary(insights: insights, t: t)
        let checkin = CheckinChart(days: insights.checkinDays, t: t)
        let range = RangeOfMotionChart(
            points: insights.rangeOfMotion, goal: insights.targetKneeBend, today: insights.today, t: t)
        let checkinSummary = "\(summary.pain) \(summary.sleep)"
        return Layout.page(
            title: t["insights.title"], request: request,
            body: """
                \(InsightsRoutes.styleLinks)
                <h1>\(t["insights.title"])</h1>
                <section class="card insights-section" aria-labelledby="checkin-heading">
                <h2 id="checkin-heading">\(t["insights.checkin.heading"])</h2>
                <p class="chart-summary">\(checkinSummary)</p>
                \(checkin.figure(summary: checkinSummary))
                \(checkin.table)
                </section>
                <section class="card insights-section" aria-labelledby="range-heading">
                <h2 id="range-heading">\(t["insights.range.heading"])</h2>
                <p class="chart-summary">\(summary.range)</p>
                \(range.figure(summary: summary.range))
                \(range.table)
                </section>
                \(knee?.render(t))
                """)
    }
}

/// The participant's local day, in their account's time zone.
enum ParticipantClock {
    /// Today on the participant's wall calendar (UTC when their zone is unknown).
    static func today(for account: Account, now: Date) -> LocalDate {
        let zone = TimeZone(identifier: account.zoneIdentifier) ?? TimeZone(identifier: "UTC") ?? .current
        return LocalDateTime(instant: now, in: zone).date
    }
}
