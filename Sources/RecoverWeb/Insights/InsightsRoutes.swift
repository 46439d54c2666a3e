/// The insights route, added to the app by `recover serve` (and by tests) through `WebApp(configure:)`.
///
/// ```swift
/// let app = WebApp(services: services, configure: { router, services in
///     InsightsRoutes.add(to: &router, services: services, records: records)
/// })
/// ```
public enum InsightsRoutes {
    /// The stylesheets of the insights page, after `app.css`.
    static let stylesheets = ["study/css/study.css", "study/css/insights.css"]

    /// Adds `GET /insights` (signed-in participants).
    public static func add(to router: inout Router, services: WebServices, records: ParticipantRecords) {
        router.get("/insights", access: .signedIn) { request in
            try InsightsPage.show(request, services: services, records: records)
        }
    }
}
