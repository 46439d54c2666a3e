import Foundation
import RecoverData
import Web

/// The platform pages' sections that read the study's records: on the account page "Your study team" (the
/// contact card) and "Calendar" (the calendar link), also when the password form answers with an error; below
/// the sign-in form "Need help?" with the study team's contact, for a participant who cannot sign in.
///
/// ```swift
/// AccountStudySections.add(to: &router, study: study)
/// ```
public enum AccountStudySections {
    /// Prepares `GET /account`, `POST /account/password`, `GET /sign-in` and `POST /sign-in`; add after the
    /// built-in routes.
    public static func add(to router: inout Router, study: StudyServices) {
        for (method, pattern) in [(HTTPMethod.get, "/account"), (.post, "/account/password")] {
            router.prepare(method, pattern) { request in
                request.studySections.account = try render(request, study: study)
            }
        }
        for method in [HTTPMethod.get, .post] {
            router.prepare(method, "/sign-in") { request in
                request.studySections.signIn = try ContactCard.signInHelp(request, study: study)
            }
        }
    }

    static func render(_ request: Request, study: StudyServices) throws -> HTML {
        """
        \(try SurgerySection.render(request, study: study))
        \(try ConsentAccountSection.render(request, study: study))
        \(try ContactCard.accountSection(request, study: study))
        \(try CalendarSection.render(request, study: study))
        """
    }
}
