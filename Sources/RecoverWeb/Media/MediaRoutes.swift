import Foundation
import Web

/// The routes of the camera and hearing steps: the video upload, the hearing screening's next tone, and
/// the staff-only video file.
///
/// ```swift
/// MediaRoutes.add(to: &router, media: media)
/// ```
public enum MediaRoutes {
    /// Adds the routes.
    public static func add(to router: inout Router, media: MediaServices) {
        router.group(.uploads(media)) { uploads in
            uploads.post(
                "/survey/:task/:occurrence/upload",
                beforeBody: { request in try VideoUpload.admit(request, media: media) }
            ) { request in
                try VideoUpload.receive(request, media: media)
            }
        }
        router.group(.studyPages) { pages in
            pages.post("/survey/:task/:occurrence/tone") { request in
                try AudiometryEndpoint.next(request, media: media)
            }
        }
        router.group(.console) { console in
            console.get("/videos/:sha256") { request in try StaffVideo.serve(request, media: media) }
        }
    }
}
