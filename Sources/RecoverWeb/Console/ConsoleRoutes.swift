import Web

/// The research console's routes. Every route is in the console area (``Area/console``): staff only
/// (participants get a 403 page, signed-out visitors the sign-in page); admin-only pages check the role
/// themselves and answer 403 to researchers.
///
/// ```swift
/// let app = try WebApp(services: services, configure: { router, services in
///     ConsoleRoutes.add(to: &router, context: ConsoleContext(database: database, services: services))
/// })
/// ```
public enum ConsoleRoutes {
    /// Adds the console's routes to `router`.
    public static func add(to router: inout Router, context: ConsoleContext) {
        router.group(.console) { console in
            console.get("") { request in try DashboardPage.show(request, context: context) }
            console.get("/participants") { request in try ParticipantsPage.show(request, context: context) }
            console.get("/participants/:id") { request in try ParticipantPage.show(request, context: context) }
            console.post("/participants/:id/corrections") { request in
                try CorrectionSection.correct(request, context: context)
            }
            console.get("/participants/:id/consent") { request in
                try StaffConsentCopyPage.show(request, context: context)
            }
            console.get("/participants/:id/consent/:record/signature.png") { request in
                try StaffConsentCopyPage.signature(request, context: context)
            }
            console.get("/participants/:id/consent/:record/pdf") { request in
                try StaffConsentPDF.download(request, context: context)
            }
            console.get("/invitations") { request in try InvitationsPage.show(request, context: context) }
            console.post("/invitations") { request in try InvitationsPage.create(request, context: context) }
            console.post("/invitations/email") { request in try InvitationsPage.email(request, context: context) }
            console.post("/invitations/:code/revoke") { request in
                try InvitationsPage.revoke(request, context: context)
            }
            console.get("/staff") { request in try StaffPage.show(request, context: context) }
            console.post("/staff") { request in try StaffPage.add(request, context: context) }
            console.post("/staff/:id/deactivate") { request in
                try StaffPage.setDeactivated(true, request, context: context)
            }
            console.post("/staff/:id/reactivate") { request in
                try StaffPage.setDeactivated(false, request, context: context)
            }
            console.post("/accounts/:id/reset-link") { request in
                try StaffPage.sendResetLink(request, context: context)
            }
            console.get("/messages") { request in try MessagesPage.show(request, context: context) }
            console.get("/export") { request in try ExportPage.show(request, context: context) }
            console.get("/export/:format") { request in try ExportPage.download(request, context: context) }
            console.get("/study") { request in try StudyVersionsPage.show(request, context: context) }
            console.get("/study/:file") { request in try StudyVersionsPage.download(request, context: context) }
            console.get("/settings") { request in try SettingsPage.show(request, context: context) }
        }
    }
}
