import Foundation
import Web

/// The Apple Health routes: the page, the upload, its status and the participant's read permissions.
///
/// ```swift
/// HealthRoutes.add(to: &router, health: health)
/// ```
public enum HealthRoutes {
    /// Adds `GET /account/health`, `POST /account/health/upload` (streamed, ``HealthUploadEndpoint``),
    /// `GET /account/health/status`, `POST /account/health/grants` and `POST /account/health/not-now` (the feed
    /// card put away).
    public static func add(to router: inout Router, health: HealthServices) {
        router.group(.healthUploads(health)) { uploads in
            uploads.post(
                "/upload", beforeBody: { request in try HealthUploadEndpoint.admit(request, health: health) }
            ) { request in
                try HealthUploadEndpoint.receive(request, health: health)
            }
        }
        router.group(.healthPages) { pages in
            pages.get("") { request in try HealthPage.show(request, health: health) }
            pages.get("/status") { request in try HealthPage.status(request, health: health) }
            pages.post("/grants") { request in try HealthPage.changeGrant(request, health: health) }
            pages.post("/not-now") { request in HealthCard.notNow(request) }
        }
    }
}
