import Care
import Exports
import Foundation
import Recover
import RecoverData
import Research
import Web

/// `GET /console/participants/:id`: one participant's profile, consent record, outcomes (table and charts),
/// survey results and audit entries. Everything on the page is selected by this participant's id; the read
/// is audited.
enum ParticipantPage {
    /// How many days the outcome charts show.
    static let chartDays = 28
    /// How many survey results the page lists (newest first).
    static let resultsShown = 10
    /// How many audit entries a page of the audit list shows (newest first; `?page=N` for older ones).
    static let auditShown = 25

    static func show(_ request: Request, context: ConsoleContext) throws -> Response {
        .html(try render(request, context: context, correctionProblem: nil))
    }

    /// The page, with `correctionProblem` above the correction form (a refused correction, answered 422).
    static func render(_ request: Request, context: ConsoleContext, correctionProblem: String?) throws -> HTML {
        let t = Localizer(request.language)
        let id = try request.parameter("id")
        let today = context.today()
        guard try context.records.participantAccount(id: id) != nil else { throw HTTPError(.notFound) }
        // Audited before reading the data, so the audit list below includes this view.
        try context.recordRead(request, participantID: id, row: AuditedRow(table: "account", key: id))
        let auditPage = try request.queryInteger("page", in: 1...ConsolePaging.maximumPage, default: 1)
        let snapshot = try context.records.participantView(
            id: id, today: today, auditLimit: auditShown, auditOffset: (auditPage - 1) * auditShown)
        guard let page = snapshot else { throw HTTPError(.notFound) }
        // A page past the last one (there is always a first, holding at least this view).
        guard page.audit.count > 0 || auditPage == 1 else { throw HTTPError(.notFound) }
        let (participant, results) = (page.participant, page.results)
        // Charts read the values in force: a staff correction replaces the participant's value there.
        let outcomes = page.outcomes.map { item in
            var corrected = item
            corrected.outcome = OutcomeCorrections.corrected(item.outcome, by: page.corrections)
            return corrected
        }
        let zone = context.zone
        return
            ConsoleLayout.page(
                title: participant.email, section: .participants, request: request,
                body: """
                    <h1>\(participant.email)</h1>
                    \(resetNotice(request, t: t))
                    \(profile(participant, pseudonym: context.exports.map { exports in
                        Pseudonyms(signingKey: exports.signingKey).id(for: id)
                    }, zone: zone, t: t))
                    \(resetSection(request, participantID: id, context: context, t: t))
                    \(ConsentSection.documents(page, t: t))
                    \(ConsentSection.render(page.consents, problems: page.consentProblems, participantID: id, t: t))
                    <section aria-labelledby="outcomes-heading">
                    <h2 id="outcomes-heading">\(t["console.outcomes.title"])</h2>
                    \(ParticipantCharts.render(outcomes, today: today, days: chartDays, t: t))
                    \(outcomeTable(page.outcomes, corrections: page.corrections, t: t))
                    </section>
                    \(CorrectionSection.render(
                        request, page: page, participantID: id, zone: zone, problem: correctionProblem, t: t))
                    \(MediaConsole.videos(outcomes, t: t))
                    \(HealthConsoleSection.render(page, zone: zone, t: t))
                    \(surveyResults(results, zone: zone, t: t))
                    \(AuditSection.render(
                        page.audit, values: page.auditValues,
                        showValues: AuditSection.showsValues(to: request.account?.role), staff: page.staff,
                        participantID: id, zone: zone, t: t,
                        paging: .init(page: auditPage, pageSize: auditShown, total: page.auditTotal)))
                    """)
    }

    /// What became of a reset link sent from this page (`?resetSent=1`, `?resetNotSent=1`).
    static func resetNotice(_ request: Request, t: Localizer) -> HTML {
        guard let key = ["resetSent", "resetNotSent"].first(where: { request.query[$0] != nil }) else { return .empty }
        return "<p class=\"notice\" role=\"status\">\(t["console.participant.notice.\(key)"])</p>"
    }

    /// An admin's "send a password reset link" (when mail can go; otherwise why not).
    static func resetSection(_ request: Request, participantID: String, context: ConsoleContext, t: Localizer)
        -> HTML
    {
        guard request.account?.role == .admin, let messaging = context.messaging else { return .empty }
        guard messaging.recovery.mailReady else {
            return "<p class=\"hint\">\(t["console.mail.notConfigured"])</p>"
        }
        return """
            <form class="toolbar" method="post" action="/console/accounts/\(participantID)/reset-link">\(Layout.csrfField(request))
            <p class="hint">\(t["console.participant.resetHint"])</p>
            <button class="button secondary" type="submit">\(t["console.participant.reset"])</button></form>
            """
    }

    /// The profile; `pseudonym` is the participant's id in exports (``Pseudonyms``), nil without a signing key.
    static func profile(_ participant: ConsoleParticipant, pseudonym: String?, zone: TimeZone, t: Localizer) -> HTML {
        let rows: [(String, HTML)] = [
            (t["console.participant.email"], HTML.text(participant.email)),
            (t["console.participant.id"], "<span class=\"id\">\(participant.id)</span>"),
            (
                t["console.participant.pseudonym"],
                pseudonym.map { "<span class=\"id\" data-export-pseudonym>\($0)</span>" } ?? HTML.text("–")
            ),
            (t["console.participant.joined"], HTML.text(ConsoleFormat.dateTime(participant.joinedAt, in: zone))),
            (t["console.participant.zone"], HTML.text(participant.timeZone ?? "–")),
            (t["console.participant.language"], HTML.text(participant.language.flatMap(languageName) ?? "–")),
            (
                t["console.participant.onboarding"],
                HTML.text(t[participant.isOnboarded ? "console.onboarding.done" : "console.onboarding.pending"])
            ),
            (
                t["console.participant.withdrawn"],
                HTML.text(participant.withdrawnAt.map { ConsoleFormat.dateTime($0, in: zone) } ?? t["console.no"])
            ),
            (
                t["console.participant.adherence"],
                HTML.text(participant.adherence.map(ConsoleFormat.percent) ?? "–")
            ),
        ]
        let synthetic: HTML =
            participant.isSynthetic
            ? "<p><span class=\"badge synthetic\">\(t["console.participant.synthetic"])</span></p>" : .empty
        let items = rows.map { label, value in HTML("<dt>\(label)</dt><dd>\(value)</dd>") }
        return """
            <section class="card" aria-labelledby="profile-heading">
            <h2 id="profile-heading">\(t["console.profile.title"])</h2>\(synthetic)
            <dl class="definition">\(items)</dl>
            </section>
            """
    }

    static func languageName(_ tag: String) -> String? { Language(rawValue: tag)?.nativeName }

    /// The outcomes as entered, each corrected value marked with the value in force ("corrected to 5").
    static func outcomeTable(
        _ outcomes: [ConsoleQueries.TaskOutcome], corrections: [OutcomeCorrection] = [], t: Localizer
    ) -> HTML {
        guard !outcomes.isEmpty else { return "<p>\(t["console.outcomes.none"])</p>" }
        let rows = outcomes.reversed().map { item in
            let start = item.outcome.eventStart?.description.replacingOccurrences(of: "T", with: " ") ?? "–"
            var latest: [String: Int] = [:]
            for correction in corrections where correction.outcomeID == item.outcome.id {
                latest[correction.kind] = correction.newValue
            }
            let marks = latest.keys.sorted().map { kind in
                t(
                    "console.corrections.mark",
                    [
                        "value": CorrectionSection.kindName(kind, t: t), "new": String(latest[kind] ?? 0),
                    ])
            }
            let values = ([valuesText(item.outcome.values, t: t)] + marks).joined(separator: " · ")
            return HTML(
                "<tr><td>\(start)</td><td>\(taskName(item.studyTask, t: t))</td><td>\(values)</td></tr>"
            )
        }
        let table = ConsoleLayout.table(
            caption: t["console.outcomes.caption"],
            head: [t["console.outcomes.event"], t["console.outcomes.task"], t["console.outcomes.values"]], rows: rows)
        return """
            <details class="chart-data"><summary>\(t("console.outcomes.showAll", ["count": "\(outcomes.count)"]))</summary>
            \(table)
            </details>
            """
    }

    /// The task's name as the participant pages show it (`task.<id>.title`), so that both use one term.
    static func taskName(_ studyTask: String, t: Localizer) -> String {
        StudyText.taskTitle(studyTask, t)
    }

    /// The study task a result belongs to: its survey id, or the task id without the participant prefix.
    static func studyTask(of record: SurveyResultRecord) -> String {
        if RecoverStudy.shipped.studySurvey(record.surveyID) != nil { return record.surveyID }
        return record.taskID.split(separator: ".").last.map(String.init) ?? record.taskID
    }

    /// "Pain 3 · Sleep 7 h" (``ConsoleAnswers/outcomeValue(_:t:)``); values without a known kind are shown
    /// with their kind.
    static func valuesText(_ values: [OutcomeValue], t: Localizer) -> String {
        values.map { value in
            let (label, text) = ConsoleAnswers.outcomeValue(value, t: t)
            return label.isEmpty ? text : "\(label) \(text)"
        }.joined(separator: " · ")
    }

    /// The newest results, each answer with its question and label as the participant saw them
    /// (``ConsoleAnswers``), in the participant's zone.
    static func surveyResults(_ results: [SurveyResultRecord], zone: TimeZone, t: Localizer) -> HTML {
        let items = results.reversed().prefix(resultsShown).map { record in
            let answers: [HTML]
            if let result = try? SurveyJSON.decoder().decode(SurveyResult.self, from: record.json) {
                answers = ConsoleAnswers.lines(result, studyTask: studyTask(of: record), zone: zone, t: t).map { line in
                    HTML(
                        "<li><span class=\"answer-question\">\(line.question)</span> <span class=\"answer-value\">\(line.answer)</span></li>"
                    )
                }
            } else {
                answers = ["<li>\(t["console.results.unreadable"])</li>"]
            }
            return HTML(
                """
                <li><strong>\(taskName(studyTask(of: record), t: t))</strong> · \(ConsoleFormat.dateTime(record.completedAt, in: zone))
                <ul class="answers">\(answers.isEmpty ? ["<li>\(t["console.results.noAnswers"])</li>"] : answers)</ul></li>
                """)
        }
        let earlier: HTML =
            results.count > resultsShown
            ? "<p>\(t("console.results.earlier", ["count": "\(results.count - resultsShown)"]))</p>" : .empty
        let list: HTML = results.isEmpty ? "<p>\(t["console.results.none"])</p>" : "<ul>\(Array(items))</ul>\(earlier)"
        return """
            <section class="card" aria-labelledby="results-heading">
            <h2 id="results-heading">\(t["console.results.title"])</h2>
            \(list)
            </section>
            """
    }
}
