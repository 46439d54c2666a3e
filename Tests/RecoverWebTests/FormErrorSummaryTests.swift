import Testing
import Web

@testable import RecoverWeb

/// Every form's error summary (ErrorSummary, docs/components.md "Error summary"): a heading, each field's
/// problem a link to the field's id, a problem about the whole form as plain text, focused on load.
@Suite struct FormErrorSummaryTests {
    @Test func fieldProblemsAreLinksAndAGeneralProblemIsPlainText() {
        let html = ErrorSummary.render(
            heading: "Fix <these>",
            problems: ErrorSummary.problems(
                fields: [("email", "Bad & wrong"), ("password", nil), ("confirmation", "Not the same")],
                general: "Wait a minute")
        ).rendered
        #expect(html.contains("role=\"alert\" tabindex=\"-1\" id=\"error-summary\" data-error-summary"))
        #expect(html.contains("<h2 class=\"error-summary-title\">Fix &lt;these&gt;</h2>"))
        #expect(
            html.contains(
                "<ul><li><a href=\"#email\">Bad &amp; wrong</a></li><li><a href=\"#confirmation\">Not the same</a></li><li>Wait a minute</li></ul>"
            ))
        #expect(!html.contains("#password"), "a field without a problem is not listed")
    }

    @Test func aLoneProblemAboutTheWholeFormIsTheHeadingAndNoProblemIsNothing() {
        let html = ErrorSummary.render(message: "Email or password is wrong.", level: 3).rendered
        #expect(html.contains("<h3 class=\"error-summary-title\">Email or password is wrong.</h3></div>"))
        #expect(!html.contains("<ul>"))
        #expect(ErrorSummary.render(message: nil) == .empty)
        #expect(ErrorSummary.render(heading: "Fix", problems: []) == .empty)
    }

    @Test func theJoinPageLinksEachProblemToItsFieldAndLoadsTheFocusScript() throws {
        var client = try AccountsClient()
        let code = try client.fixture.enrollment.invite(count: 1, createdBy: nil)[0]
        client.get("/join/\(code)")
        let refused = client.post(
            "/join/\(code)", form: ["email": "not-an-address", "password": "correct horse", "confirmation": "other"])
        #expect(refused.status == .unprocessableContent)
        #expect(refused.text.contains("<h2 class=\"error-summary-title\">Please correct the fields marked below.</h2>"))
        #expect(refused.text.contains("<li><a href=\"#email\">Enter an email address like name@example.com.</a></li>"))
        #expect(refused.text.contains("<li><a href=\"#confirmation\">The two passwords are not the same.</a></li>"))
        #expect(!refused.text.contains("href=\"#password\""))
        #expect(refused.text.contains("js/error-summary.js"), "the summary takes the focus on load")
        #expect(refused.text.contains("id=\"email\" name=\"email\""), "each link's target exists")

        client.acceptLanguage = "zh-Hans"
        let chinese = client.post(
            "/join/\(code)", form: ["email": "a@example.com", "password": "short", "confirmation": "short"])
        #expect(chinese.text.contains("<h2 class=\"error-summary-title\">请更正下面标出的内容。</h2>"))
        #expect(chinese.text.contains("<li><a href=\"#password\">"))
    }

    @Test func aWrongPasswordIsASummaryWithoutLinks() throws {
        var client = try AccountsClient()
        try client.join()
        client.post("/sign-out", form: [:])
        client.get("/sign-in")
        let wrong = client.post("/sign-in", form: ["email": "pat@example.com", "password": "not the password"])
        #expect(wrong.status == .unauthorized)
        #expect(
            wrong.text.contains(
                "data-error-summary><h2 class=\"error-summary-title\">Email or password is wrong.</h2></div>"))
        #expect(wrong.text.contains("js/error-summary.js"))
    }
}
