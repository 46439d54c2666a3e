import Foundation
import RecoverData
import Web

/// The account page's sections that read the study's records, in the order the page shows them: the
/// operated knee and surgery date, the consent, "Your study team" (the contact card) and "Calendar" (the
/// calendar link). ``AccountPage`` asks for them, also when the password form answers with an error.
///
/// ```swift
/// let sections = try AccountStudySections.render(request, study: study)
/// ```
enum AccountStudySections {
    static func render(_ request: Request, study: StudyServices) throws -> HTML {
        """
        \(try SurgerySection.render(request, study: study))
        \(try ConsentAccountSection.render(request, study: study))
        \(try ContactCard.accountSection(request, study: study))
        \(try CalendarSection.render(request, study: study))
        """
    }
}
