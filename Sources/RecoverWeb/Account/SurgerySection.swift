import Care
import Foundation
import Recover
import RecoverData
import Research
import Web

/// The account page's "Your surgery": the operated knee and the surgery date the participant gave in
/// onboarding, with a form to correct them (`POST /account/surgery`). A correction is audited and moves the
/// tasks counted from the surgery date (``StudyDatabase/correctSurgery(knee:date:account:now:)``); bad input
/// gets the form again with a readable message (422) and changes nothing.
enum SurgerySection {
    /// What a posted form got wrong, as catalog keys.
    struct Problems: Equatable {
        var knee: String?
        var date: String?
        var isEmpty: Bool { knee == nil && date == nil }
    }

    /// The section for a participant who completed onboarding; nothing for anyone else.
    static func render(_ request: Request, study: StudyServices) throws -> HTML {
        guard let account = request.account, account.role == .participant else { return .empty }
        // Read as the records see them: a withdrawn participant still sees their details, without the form.
        let participant = try study.records.participant(account, now: study.now())
        guard participant.isOnboarded else { return .empty }
        let surgery = participant.surgery
        return render(
            request, surgery: surgery, today: participant.today, canCorrect: account.withdrawnAt == nil,
            knee: surgery.givenKnee?.rawValue, date: surgery.date?.description, problems: Problems())
    }

    /// The section with the form filled with `knee` and `date` (the values in force, or as just posted).
    static func render(
        _ request: Request, surgery: SurgeryDetails, today: LocalDate, canCorrect: Bool, knee: String?,
        date: String?, problems: Problems
    ) -> HTML {
        let t = Localizer(request.language)
        let kneeText = surgery.givenKnee.map { t["surgery.knee.\($0.rawValue)"] } ?? t["surgery.notGiven"]
        let dateText = surgery.date.map { StudyText.longDate($0, t) } ?? t["surgery.notGiven"]
        let summary: HTML = """
            <dl class="surgery-details">
            <dt>\(t["surgery.knee"])</dt><dd data-surgery-knee>\(kneeText)</dd>
            <dt>\(t["surgery.date"])</dt><dd data-surgery-date>\(dateText)</dd>
            </dl>
            """
        guard canCorrect else {
            return """
                <section class="card" id="surgery" aria-labelledby="surgery-heading">
                <h2 id="surgery-heading">\(t["surgery.title"])</h2>
                \(summary)
                </section>
                """
        }
        let accepted = SurgeryDetails.acceptedDates(today: today)
        let kneeError = problems.knee.map { t[$0] }
        let dateError = problems.date.map { t($0, ["earliest": StudyText.longDate(accepted.lowerBound, t)]) }
        let kneeInvalid: HTML =
            kneeError == nil ? .empty : " aria-invalid=\"true\" aria-describedby=\"surgery-knee-error\""
        // The first knee's radio has the id the error summary links to.
        let options = BodySide.allCases.enumerated().map { index, limb -> HTML in
            let checked: HTML = knee == limb.rawValue ? " checked" : .empty
            let id: HTML = index == 0 ? " id=\"surgery-knee\"" : .empty
            return """
                <label class="radio-row"><input type="radio"\(id) name="knee" value="\(limb.rawValue)"\(checked)\(kneeInvalid) required> \
                \(t["surgery.knee.\(limb.rawValue)"])</label>
                """
        }
        let kneeErrorHTML: HTML =
            kneeError.map { "<p class=\"field-error\" id=\"surgery-knee-error\">\($0)</p>" } ?? .empty
        let dateField = FormField.input(
            name: "surgeryDate", label: t["surgery.date"], type: "date", value: date ?? "",
            hint: t("surgery.date.hint", ["earliest": StudyText.longDate(accepted.lowerBound, t)]),
            error: dateError,
            extra: " min=\"\(accepted.lowerBound.description)\" max=\"\(accepted.upperBound.description)\"")
        let alert = ErrorSummary.render(
            heading: t["surgery.error.summary"],
            problems: ErrorSummary.problems(fields: [("surgery-knee", kneeError), ("surgeryDate", dateError)]), level: 3
        )
        return """
            <section class="card" id="surgery" aria-labelledby="surgery-heading">
            <h2 id="surgery-heading">\(t["surgery.title"])</h2>
            \(summary)
            <p class="hint">\(t["surgery.intro"])</p>
            \(alert)
            <form class="stack" method="post" action="/account/surgery" novalidate>
            \(Layout.csrfField(request))
            <fieldset class="stack"><legend>\(t["surgery.knee.question"])</legend>\(kneeErrorHTML)\(options)</fieldset>
            \(dateField)
            <div><button class="button" type="submit">\(t["surgery.save"])</button></div>
            </form>
            </section>
            """
    }

    /// `GET /account/surgery`: the section on a page of its own (where a refused correction is shown, so that
    /// reloading it or switching its language lands on the form).
    static func show(_ request: Request, study: StudyServices) throws -> Response {
        let account = try ParticipantContext.participantAccount(request)
        let participant = try ParticipantContext.load(request, study: study)
        guard participant.isOnboarded else { return .redirect(to: "/account") }
        let surgery = participant.state.surgery
        return .html(
            page(
                request,
                section: render(
                    request, surgery: surgery, today: participant.today, canCorrect: account.withdrawnAt == nil,
                    knee: surgery.givenKnee?.rawValue, date: surgery.date?.description, problems: Problems())))
    }

    /// `POST /account/surgery`: corrects the knee and the date, then back to the account page with "Saved";
    /// a missing knee or a date that is malformed, in the future or more than two years back gets the form again
    /// with the problem (422), and nothing changes.
    static func save(_ request: Request, study: StudyServices) throws -> Response {
        let account = try ParticipantContext.participantAccount(request)
        let participant = try ParticipantContext.load(request, study: study)
        guard participant.isOnboarded else { throw HTTPError(.conflict, "surgery.error.notOnboarded") }
        let form = try request.form()
        let kneeText = (form["knee"] ?? "").trimmingCharacters(in: .whitespaces)
        let dateText = (form["surgeryDate"] ?? "").trimmingCharacters(in: .whitespaces)
        var problems = Problems()
        let knee = BodySide(rawValue: kneeText)
        if knee == nil { problems.knee = "surgery.error.knee" }
        let accepted = SurgeryDetails.acceptedDates(today: participant.today)
        let date = dateText.count == 10 ? LocalDate(dateText) : nil
        if dateText.isEmpty {
            problems.date = "surgery.error.dateMissing"
        } else if let date, !accepted.contains(date) {
            problems.date = date > accepted.upperBound ? "surgery.error.future" : "surgery.error.tooEarly"
        } else if date == nil {
            problems.date = "surgery.error.dateMalformed"
        }
        guard problems.isEmpty, let knee, let date else {
            return invalid(request, participant: participant, knee: kneeText, date: dateText, problems: problems)
        }
        do {
            _ = try study.records.correctSurgery(knee: knee, date: date, account: account, now: study.now())
        } catch SurgeryCorrectionError.dateOutOfRange {
            // The participant's day moved on between the check and the write.
            problems.date = "surgery.error.tooEarly"
            return invalid(request, participant: participant, knee: kneeText, date: dateText, problems: problems)
        } catch SurgeryCorrectionError.notOnboarded {
            throw HTTPError(.conflict, "surgery.error.notOnboarded")
        }
        return .redirect(to: "/account?saved=1#surgery")
    }

    /// The page of a refused correction: the section again with the posted values and the problems.
    static func invalid(
        _ request: Request, participant: ParticipantContext, knee: String, date: String, problems: Problems
    ) -> Response {
        let section = render(
            request, surgery: participant.state.surgery, today: participant.today, canCorrect: true,
            knee: String(knee.prefix(16)), date: String(date.prefix(32)), problems: problems)
        return .html(page(request, section: section), status: .unprocessableContent)
    }

    /// The page around the section.
    static func page(_ request: Request, section: HTML) -> HTML {
        AccountRecordSections.page(request, titleKey: "surgery.title", backKey: "surgery.back", section: section)
    }
}
