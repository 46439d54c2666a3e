import Foundation
import RecoverData
import Web

/// The account page's sections that read the study's records: "Your study team" (the contact card) and
/// "Calendar" (the calendar link), put into `GET /account` in front of the page the platform serves.
///
/// ```swift
/// AccountStudySections.add(to: &router, study: study)
/// ```
public enum AccountStudySections {
    /// Serves `GET /account` with the study's sections; add after the built-in routes.
    public static func add(to router: inout Router, study: StudyServices) {
        router.replace(.get, "/account") { request in
            try AccountPage.show(request, extra: try render(request, study: study))
        }
    }

    static func render(_ request: Request, study: StudyServices) throws -> HTML {
        """
        \(try ContactCard.accountSection(request, study: study))
        \(try CalendarSection.render(request, study: study))
        """
    }
}
