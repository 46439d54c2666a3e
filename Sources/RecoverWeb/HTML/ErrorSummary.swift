import Web

/// The summary above a form sent with problems (docs/components.md, "Error summary"), the one design of every
/// form: a heading and each problem as a link to its field, a problem about the whole form (wait a minute, the
/// password is wrong) as plain text; error-summary.js puts the focus on it when the page loads (Layout loads the
/// script for `data-error-summary`). The survey steps, the consent pages and every `FormField` form share it.
///
/// ```swift
/// ErrorSummary.render(heading: t["join.error.summary"], problems: [.init(t["join.error.email"], field: "email")])
/// ```
enum ErrorSummary {
    /// One problem, already in the page's language, and the id of the field it is about (none: the whole form).
    struct Problem: Equatable {
        var message: String
        var fieldID: String?

        init(_ message: String, field fieldID: String? = nil) {
            self.message = message
            self.fieldID = fieldID
        }
    }

    /// The summary of `problems` under `heading`, nothing when there are none. A lone problem about the whole
    /// form is the heading itself (there is nothing marked below to point to).
    static func render(heading: String, problems: [Problem], level: Int = 2) -> HTML {
        guard let first = problems.first else { return .empty }
        let lone = problems.count == 1 && first.fieldID == nil
        let items = lone ? [] : problems.map(item)
        let list: HTML = items.isEmpty ? .empty : "<ul>\(items)</ul>"
        return """
            <div class="error-summary alert" role="alert" tabindex="-1" id="error-summary" data-error-summary>\
            <h\(level) class="error-summary-title">\(lone ? first.message : heading)</h\(level)>\(list)</div>
            """
    }

    /// The summary of a form whose one problem (or none) is about the whole form.
    static func render(message: String?, level: Int = 2) -> HTML {
        render(heading: message ?? "", problems: message.map { [Problem($0)] } ?? [], level: level)
    }

    /// The problems of a form: each field's message (nil: none) linked to the field of that id, in the order
    /// given (the order of the form), then the message about the whole form.
    static func problems(fields: [(id: String, message: String?)], general: String? = nil) -> [Problem] {
        fields.compactMap { field in field.message.map { Problem($0, field: field.id) } }
            + (general.map { [Problem($0)] } ?? [])
    }

    private static func item(_ problem: Problem) -> HTML {
        guard let fieldID = problem.fieldID else { return "<li>\(problem.message)</li>" }
        return "<li><a href=\"#\(fieldID)\">\(problem.message)</a></li>"
    }
}
