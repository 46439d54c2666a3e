import Foundation

/// The routes of the camera and hearing steps: the video upload, the hearing screening's next tone, and
/// the staff-only video file.
///
/// ```swift
/// MediaRoutes.add(to: &router, media: media)
/// ```
public enum MediaRoutes {
    /// Adds the routes.
    public static func add(to router: inout Router, media: MediaServices) {
        router.post("/survey/:task/:occurrence/upload", access: .signedIn) { request in
            try VideoUpload.receive(request, media: media)
        }
        router.post("/survey/:task/:occurrence/tone", access: .signedIn) { request in
            try AudiometryEndpoint.next(request, media: media)
        }
        router.get("/console/videos/:sha256", access: .staff) { request in
            try StaffVideo.serve(request, media: media)
        }
    }

    /// Whether a request is a video upload, whose body the transport streams to disk.
    @Sendable public static func isUpload(method: String, path: String) -> Bool {
        method == "POST" && path.hasPrefix("/survey/") && path.hasSuffix("/upload")
            && path.split(separator: "/").count == 4
    }
}
