/// The research console's routes. Every route is staff-only by its access rule (participants get a 403 page,
/// signed-out visitors the sign-in page); admin-only pages check the role themselves and answer 403 to
/// researchers.
///
/// ```swift
/// let app = WebApp(services: services, configure: { router, services in
///     ConsoleRoutes.add(to: &router, context: ConsoleContext(database: database, services: services))
/// })
/// ```
public enum ConsoleRoutes {
    /// Adds the console's routes to `router`.
    public static func add(to router: inout Router, context: ConsoleContext) {
        router.get("/console", access: .staff) { request in try DashboardPage.show(request, context: context) }
        router.get("/console/participants", access: .staff) { request in
            try ParticipantsPage.show(request, context: context)
        }
        router.get("/console/participants/:id", access: .staff) { request in
            try ParticipantPage.show(request, context: context)
        }
        router.get("/console/participants/:id/consent", access: .staff) { request in
            try StaffConsentCopyPage.show(request, context: context)
        }
        router.get("/console/participants/:id/consent/:record/signature.png", access: .staff) { request in
            try StaffConsentCopyPage.signature(request, context: context)
        }
        router.get("/console/invitations", access: .staff) { request in
            try InvitationsPage.show(request, context: context)
        }
        router.post("/console/invitations", access: .staff) { request in
            try InvitationsPage.create(request, context: context)
        }
        router.post("/console/invitations/:code/revoke", access: .staff) { request in
            try InvitationsPage.revoke(request, context: context)
        }
        router.get("/console/staff", access: .staff) { request in try StaffPage.show(request, context: context) }
        router.post("/console/staff", access: .staff) { request in try StaffPage.add(request, context: context) }
        router.get("/console/export", access: .staff) { request in try ExportPage.show(request, context: context) }
        router.get("/console/export/:format", access: .staff) { request in
            try ExportPage.download(request, context: context)
        }
    }
}
