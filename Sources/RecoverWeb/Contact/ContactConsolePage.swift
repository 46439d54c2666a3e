import Foundation
import RecoverData
import Web

/// `/console/contact` (admins only): the study team's contact card the participants see, and the form that
/// sets it. A field that is wrong answers 400 with the form, the message beside the field, and nothing stored.
enum ContactConsolePage {
    /// The form's fields, in order: name, label key, input type, whether required, the most characters.
    static let fields: [(name: String, label: String, type: String, required: Bool, limit: Int)] = [
        ("name", "contact.field.name", "text", true, StudyContact.maximumNameLength),
        ("roleEnglish", "contact.field.roleEnglish", "text", false, StudyContact.maximumNameLength),
        ("roleChinese", "contact.field.roleChinese", "text", false, StudyContact.maximumNameLength),
        ("phone", "contact.field.phone", "tel", false, StudyContact.maximumPhoneLength),
        ("email", "contact.field.email", "email", false, 254),
        ("notesEnglish", "contact.field.notesEnglish", "text", false, StudyContact.maximumNotesLength),
        ("notesChinese", "contact.field.notesChinese", "text", false, StudyContact.maximumNotesLength),
    ]

    static func show(_ request: Request, context: ConsoleContext) throws -> Response {
        try context.requireAdmin(request)
        let saved = request.query["saved"] != nil
        return .html(
            render(request, values: values(of: try context.records.studyContact()), problem: nil, saved: saved))
    }

    static func save(_ request: Request, context: ConsoleContext) throws -> Response {
        try context.requireAdmin(request)
        let form = try request.form()
        var values: [String: String] = [:]
        for field in fields { values[field.name] = form[field.name] ?? "" }
        do {
            let contact = try StudyContact.validated(
                name: values["name"] ?? "", roleEnglish: values["roleEnglish"] ?? "",
                roleChinese: values["roleChinese"] ?? "", phone: values["phone"] ?? "", email: values["email"] ?? "",
                notesEnglish: values["notesEnglish"] ?? "", notesChinese: values["notesChinese"] ?? "",
                at: context.services.now())
            try context.records.setStudyContact(contact, by: try context.actor(request))
            return .redirect(to: "/console/contact?saved=1")
        } catch let error as StudyContactError {
            return .html(render(request, values: values, problem: error.code, saved: false), status: .badRequest)
        }
    }

    static func values(of contact: StudyContact?) -> [String: String] {
        guard let contact else { return [:] }
        return [
            "name": contact.name, "roleEnglish": contact.roleEnglish, "roleChinese": contact.roleChinese,
            "phone": contact.phone, "email": contact.email, "notesEnglish": contact.notesEnglish,
            "notesChinese": contact.notesChinese,
        ]
    }

    /// The field a refusal is shown beside.
    static func field(of code: StudyContactError.Code) -> String {
        switch code {
        case .name: "name"
        case .role: "roleEnglish"
        case .phone, .noWayToReach: "phone"
        case .email: "email"
        case .notes: "notesEnglish"
        }
    }

    static func render(
        _ request: Request, values: [String: String], problem: StudyContactError.Code?, saved: Bool
    ) -> HTML {
        let t = Localizer(request.language)
        let message = problem.map { t["contact.error.\($0.rawValue)"] }
        let problemField = problem.map(field(of:))
        let inputs = fields.map { field in
            FormField.input(
                name: field.name, label: t[field.label], type: field.type, value: values[field.name] ?? "",
                autocomplete: "off", hint: field.name == "phone" ? t["contact.field.phoneHint"] : nil,
                error: problemField == field.name ? message : nil, required: field.required,
                extra: HTML(" maxlength=\"\(field.limit)\""))
        }
        let notice: HTML = saved ? "<p class=\"notice\" role=\"status\">\(t["contact.saved"])</p>" : .empty
        return ConsoleLayout.page(
            title: t["contact.console.title"], section: .contact, request: request,
            body: """
                <h1>\(t["contact.console.title"])</h1>
                \(notice)
                <p>\(t["contact.console.intro"])</p>
                <section class="card" aria-labelledby="contact-form-heading">
                <h2 id="contact-form-heading">\(t["contact.console.form"])</h2>
                \(ErrorSummary.render(heading: t["join.error.summary"], problems: ErrorSummary.problems(fields: [(problemField ?? "", message)]), level: 3))
                <form class="stack" method="post" action="/console/contact">\(Layout.csrfField(request))
                \(inputs)
                <div><button class="button" type="submit">\(t["contact.console.save"])</button></div>
                </form>
                </section>
                """)
    }
}
