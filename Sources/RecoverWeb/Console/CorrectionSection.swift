import Care
import Foundation
import RecoverData
import Web

/// The participant page's corrections: every staff correction of an outcome value ("Pain on 2026-11-30: 7
/// corrected to 5 by r@example.org on 2026-12-01: entered on the wrong day"), and for researchers the form to
/// correct a check-in value with a required reason (`POST /console/participants/:id/corrections`). The
/// outcome stays as the participant entered it; the correction is its own record.
enum CorrectionSection {
    /// Who may correct values: researchers (admins run the study's accounts, not its data).
    static func mayCorrect(_ role: AccountRole?) -> Bool { role == .researcher }

    /// The longest new-value field accepted, in characters (the ranges are one or two digits).
    static let maximumValueLength = 4

    static func render(
        _ request: Request, page: ConsoleParticipantView, participantID: String, zone: TimeZone,
        problem: String?, t: Localizer
    ) -> HTML {
        let emails = Dictionary(page.staff.map { ($0.id, $0.email) }, uniquingKeysWith: { first, _ in first })
        let events = Dictionary(
            page.outcomes.map { ($0.outcome.id, $0.outcome.eventStart?.description ?? "") },
            uniquingKeysWith: { first, _ in first })
        let items = page.corrections.map { correction in
            HTML(
                """
                <li>\(t("console.corrections.item", [
                    "value": kindName(correction.kind, t: t),
                    "event": String((events[correction.outcomeID] ?? "").prefix(10)),
                    "old": String(correction.oldValue), "new": String(correction.newValue),
                    "staff": emails[correction.staffID] ?? correction.staffID,
                    "date": ConsoleFormat.dateTime(correction.correctedAt, in: zone), "reason": correction.reason,
                ]))</li>
                """)
        }
        let list: HTML =
            items.isEmpty ? "<p>\(t["console.corrections.none"])</p>" : "<ul class=\"corrections\">\(items)</ul>"
        return """
            <section id="corrections" aria-labelledby="corrections-heading">
            <h2 id="corrections-heading">\(t["console.corrections.title"])</h2>
            \(notice(request, t: t))
            \(list)
            \(form(request, page: page, participantID: participantID, problem: problem, t: t))
            </section>
            """
    }

    private static func notice(_ request: Request, t: Localizer) -> HTML {
        guard request.query["corrected"] != nil else { return .empty }
        return "<p class=\"notice\" role=\"status\">\(t["console.corrections.saved"])</p>"
    }

    /// The value kind's label ("Pain").
    static func kindName(_ kind: String, t: Localizer) -> String {
        let key = "console.kind.\(kind)"
        return t[key] == key ? kind : t[key]
    }

    /// The form: which value (the check-in values, newest first, each with its value in force), the new value
    /// and the reason.
    private static func form(
        _ request: Request, page: ConsoleParticipantView, participantID: String, problem: String?, t: Localizer
    ) -> HTML {
        guard mayCorrect(request.account?.role) else { return .empty }
        // A refused correction comes back with what was entered, to fix rather than retype.
        let submitted = problem == nil ? nil : try? request.form()
        var options: [HTML] = []
        var bounds: ClosedRange<Int>?
        for item in page.outcomes.reversed() {
            let current = OutcomeCorrections.corrected(item.outcome, by: page.corrections)
            for value in current.values {
                guard let kind = value.kind, let range = OutcomeCorrections.range(of: kind),
                    case .integer(let number) = value.content
                else { continue }
                let event = String((item.outcome.eventStart?.description ?? "").prefix(10))
                let label = "\(event) · \(kindName(kind, t: t)) \(number) (\(range.lowerBound)–\(range.upperBound))"
                bounds =
                    bounds.map { min($0.lowerBound, range.lowerBound)...max($0.upperBound, range.upperBound) } ?? range
                let value = "\(item.outcome.id)|\(kind)"
                let selected: HTML = submitted?["value"] == value ? " selected" : ""
                options.append("<option value=\"\(value)\"\(selected)>\(label)</option>")
            }
        }
        guard let bounds else { return .empty }
        return """
            <form class="stack" method="post" action="/console/participants/\(participantID)/corrections#corrections">\(Layout.csrfField(request))
            <h3>\(t["console.corrections.formTitle"])</h3>
            \(ErrorSummary.render(message: problem, level: 4))
            <div class="field"><label for="correction-value">\(t["console.corrections.which"])</label>
            <select id="correction-value" name="value" required>\(options)</select></div>
            <div class="field"><label for="correction-new">\(t["console.corrections.new"])</label>
            <input id="correction-new" name="new" type="number" inputmode="numeric" step="1" min="\(bounds.lowerBound)" max="\(bounds.upperBound)" value="\(String((submitted?["new"] ?? "").prefix(20)))" required></div>
            <div class="field"><label for="correction-reason">\(t["console.corrections.reason"])</label>
            <p class="hint" id="correction-reason-hint">\(t["console.corrections.reasonHint"])</p>
            <textarea id="correction-reason" name="reason" rows="3" maxlength="\(OutcomeCorrections.maximumReasonLength)" required aria-describedby="correction-reason-hint">\(String((submitted?["reason"] ?? "").prefix(OutcomeCorrections.maximumReasonLength + 1)))</textarea></div>
            <div><button class="button" type="submit">\(t["console.corrections.submit"])</button></div>
            </form>
            """
    }

    /// `POST /console/participants/:id/corrections`: stores the correction and goes back to the page, or
    /// answers 422 with the page and what is wrong, nothing stored.
    static func correct(_ request: Request, context: ConsoleContext) throws -> Response {
        guard mayCorrect(request.account?.role) else {
            throw HTTPError(.forbidden, "console.corrections.onlyResearchers")
        }
        let id = try request.parameter("id")
        guard try context.records.participantAccount(id: id) != nil else { throw HTTPError(.notFound) }
        let form = try request.form()
        let t = Localizer(request.language)
        let target = (form["value"] ?? "").split(separator: "|", maxSplits: 1).map(String.init)
        let text = (form["new"] ?? "").trimmingCharacters(in: .whitespaces)
        let problem: String
        if target.count != 2 {
            problem = t["console.corrections.error.unknown"]
        } else if text.count > maximumValueLength || Int(text) == nil {
            problem = t["console.corrections.error.number"]
        } else if let staffID = request.account?.id, let newValue = Int(text) {
            do {
                _ = try context.records.correctOutcome(
                    outcomeID: target[0], kind: target[1], newValue: newValue, reason: form["reason"] ?? "",
                    participantID: id, staffID: staffID, at: context.services.now())
                return .redirect(to: "/console/participants/\(id)?corrected=1#corrections")
            } catch let refusal as CorrectionRefusal {
                problem = message(refusal, t: t)
            }
        } else {
            throw HTTPError(.forbidden)
        }
        return .html(
            try ParticipantPage.render(request, context: context, correctionProblem: problem),
            status: .unprocessableContent)
    }

    static func message(_ refusal: CorrectionRefusal, t: Localizer) -> String {
        switch refusal {
        case .missingReason: t["console.corrections.error.reason"]
        case .reasonTooLong:
            t("console.corrections.error.reasonLength", ["max": String(OutcomeCorrections.maximumReasonLength)])
        case .unknownValue, .notCorrectable: t["console.corrections.error.unknown"]
        case .outOfRange(let range):
            t("console.corrections.error.range", ["min": String(range.lowerBound), "max": String(range.upperBound)])
        case .unchanged: t["console.corrections.error.unchanged"]
        }
    }
}
