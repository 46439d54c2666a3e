import Foundation
import RecoverData
import Web

/// The study team's contact card (CareKit's contact card): the name, role and hours or note in the page's
/// language, the phone as a `tel:` link and the e-mail as a `mailto:` link, each a full-width touch target.
enum ContactCard {
    /// The style sheet of the card (the account page does not load the study pages' sheet).
    static var styleSheet: HTML { "<link rel=\"stylesheet\" href=\"\(StudyAssets.url("css/contact.css"))\">" }

    /// The card on the feed, below the day's tasks: nothing when no contact is set.
    static func feedCard(_ request: Request, study: StudyServices) throws -> HTML {
        guard let contact = try study.records.studyContact() else { return .empty }
        let t = Localizer(request.language)
        return section(
            id: "contact-card-title", level: 3, heading: t["contact.heading"], details(contact, request: request))
    }

    /// The account page's "Your study team" section; says so when no contact is set yet.
    static func accountSection(_ request: Request, study: StudyServices) throws -> HTML {
        guard request.account?.role == .participant else { return .empty }
        let t = Localizer(request.language)
        let content: HTML =
            try study.records.studyContact().map { details($0, request: request) }
            ?? "<p>\(t["contact.none"])</p>"
        return section(id: "contact-heading", level: 2, heading: t["contact.heading"], content)
    }

    /// "Need help?" below the sign-in form, for a participant who cannot sign in: nothing when no contact is
    /// set. The page is public, as a help line is.
    static func signInHelp(_ request: Request, study: StudyServices) throws -> HTML {
        guard let contact = try study.records.studyContact() else { return .empty }
        let t = Localizer(request.language)
        return section(
            id: "contact-help-heading", level: 2, heading: t["contact.signIn.heading"],
            "<p>\(t["contact.signIn.text"])</p>\(details(contact, request: request))")
    }

    /// The card's frame: its style sheet, and a section labelled by a heading of `level` (2 or 3).
    static func section(id: String, level: Int, heading: String, _ content: HTML) -> HTML {
        let tag: HTML = level == 3 ? "h3" : "h2"
        return """
            \(styleSheet)
            <section class="card contact-card" aria-labelledby="\(id)">
            <\(tag) id="\(id)">\(heading)</\(tag)>
            \(content)
            </section>
            """
    }

    static func details(_ contact: StudyContact, request: Request) -> HTML {
        let t = Localizer(request.language)
        let role = contact.role(language: request.language.tag)
        let notes = contact.notes(language: request.language.tag)
        let roleHTML: HTML = role.isEmpty ? .empty : "<span class=\"contact-role\">\(role)</span>"
        let notesHTML: HTML = notes.isEmpty ? .empty : "<p class=\"contact-notes\">\(notes)</p>"
        var links: [HTML] = []
        if !contact.phone.isEmpty {
            links.append(
                """
                <li><a class="contact-link" href="tel:\(contact.dialablePhone)">\
                <span class="contact-link-label">\(t["contact.call"])</span> \
                <span class="contact-link-value">\(contact.phone)</span></a></li>
                """)
        }
        if !contact.email.isEmpty {
            links.append(
                """
                <li><a class="contact-link" href="mailto:\(contact.email)">\
                <span class="contact-link-label">\(t["contact.email"])</span> \
                <span class="contact-link-value">\(contact.email)</span></a></li>
                """)
        }
        return """
            <p class="contact-name"><strong>\(contact.name)</strong>\(roleHTML)</p>
            \(notesHTML)
            <ul class="contact-links">\(links)</ul>
            """
    }
}
