import Care
import Foundation
import HealthImport
import Recover
import RecoverData
import Web

/// `GET /insights`: the participant's progress: pain and sleep per day for four weeks, range of motion over
/// time with the goal line, the KOOS subscale scores, each with a summary sentence and a data table.
///
/// Staff go to the console; a participant who has not finished onboarding goes to `/`, like every study page.
enum InsightsPage {
    static func show(_ request: Request, services: WebServices, study: StudyServices) throws -> Response {
        guard let account = request.account else { return .redirect(to: "/sign-in") }
        if account.role.isStaff { return .redirect(to: "/console") }
        // A value a researcher corrected shows as corrected in the participant's charts too.
        let outcomes = try study.records.outcomesInForce(patientID: account.id)
        guard RecoveryInsights.hasCompletedOnboarding(outcomes) else { return .redirect(to: "/") }
        let today = ParticipantClock.today(for: account, now: study.now())
        let insights = RecoveryInsights(outcomes: outcomes, today: today)
        let steps = try stepsByDay(account: account, days: insights.checkinDays, study: study)
        var response = Response.html(
            render(insights, request: request, knee: KneeCard(outcomes: outcomes), steps: steps))
        response.headers["Cache-Control"] = "no-store"
        return response
    }

    /// The participant's steps per day (`YYYY-MM-DD`) over the chart's days, or nil when they neither granted
    /// steps nor have any stored (the section is then left out).
    static func stepsByDay(account: Account, days: [CheckinDay], study: StudyServices) throws -> [String: Double]? {
        guard let first = days.first?.day, let last = days.last?.day,
            let from = HealthDay(year: first.year, month: first.month, day: first.day),
            let through = HealthDay(year: last.year, month: last.month, day: last.day)
        else { return nil }
        let figures = try study.records.healthDays(participantID: account.id, from: from, through: through)
        var steps: [String: Double] = [:]
        for figure in figures where figure.type == .stepCount { steps[figure.day.description] = figure.total }
        if steps.isEmpty, account.withdrawnAt != nil { return nil }
        if steps.isEmpty,
            !(try study.records.healthGrants(participantID: account.id)).contains(where: {
                $0.type == .stepCount && $0.granted
            })
        {
            return nil
        }
        return steps
    }

    static func render(
        _ insights: RecoveryInsights, request: Request, knee: KneeCard? = nil, steps: [String: Double]? = nil
    ) -> HTML {
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
                <h2 id="range-heading">\(t["insights.range.heading.\(insights.operatedKnee.rawValue)"])</h2>
                <p class="chart-summary">\(summary.range)</p>
                \(range.figure(summary: summary.range))
                \(range.table)
                </section>
                \(kneeScoresSection(KneeScoresChart(scores: insights.kneeScores, today: insights.today, t: t)))
                \(steps.map { stepsSection(StepsChart(checkinDays: insights.checkinDays, steps: $0, t: t)) })
                \(knee?.render(t))
                """)
    }
}

extension InsightsPage {
    /// The KOOS subscale scores, once there is one; left out before.
    static func kneeScoresSection(_ chart: KneeScoresChart) -> HTML {
        guard !chart.scores.days.isEmpty else { return .empty }
        let t = chart.t
        return """
            <section class="card insights-section" aria-labelledby="koos-heading">
            <h2 id="koos-heading">\(t["insights.koos.heading"])</h2>
            <p class="chart-summary">\(chart.summary)</p>
            \(chart.figure())
            \(chart.table)
            </section>
            """
    }

    /// Steps per day from Apple Health, beside pain in its table; without steps yet, where to share them.
    static func stepsSection(_ chart: StepsChart) -> HTML {
        let t = chart.t
        let body: HTML =
            chart.hasSteps
            ? "\(chart.figure())\(chart.table)"
            : "<p><a href=\"/account/health\">\(t["insights.steps.share"])</a></p>"
        return """
            <section class="card insights-section" aria-labelledby="steps-heading">
            <h2 id="steps-heading">\(t["insights.steps.heading"])</h2>
            <p class="chart-summary">\(chart.summary)</p>
            \(body)
            </section>
            """
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
