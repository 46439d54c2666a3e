import RecoverData
import Web

/// The insights route, added to the app by `recover serve` (and by tests) through `WebApp(configure:)`.
///
/// ```swift
/// let app = try WebApp(services: services, configure: { router, services in
///     InsightsRoutes.add(to: &router, services: services, study: study)
/// })
/// ```
public enum InsightsRoutes {
    /// The insights page's style sheets: the study components' and its own (served by the study routes).
    static var styleLinks: HTML {
        """
        <link rel="stylesheet" href="\(StudyAssets.url("css/study.css"))">
        <link rel="stylesheet" href="\(StudyAssets.url("css/insights.css"))">
        """
    }

    /// Adds `GET /insights` (signed-in participants).
    public static func add(to router: inout Router, services: WebServices, study: StudyServices) {
        router.group(.signedInPages) { pages in
            pages.get("/insights") { request in try InsightsPage.show(request, services: services, study: study) }
        }
    }
}
