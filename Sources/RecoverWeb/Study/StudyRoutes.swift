import Foundation

/// The participant's study pages: the care feed at `/`, survey pages, answer deletion, the consent document
/// and the browser components' files.
///
/// ```swift
/// let app = WebApp(services: services) { router, services in
///     StudyRoutes.add(to: &router, services: services, study: StudyServices(database: database))
/// }
/// ```
public enum StudyRoutes {
    /// Adds the routes, replacing the placeholder `GET /`.
    public static func add(to router: inout Router, services: WebServices, study: StudyServices) {
        router.replace(.get, "/") { request in try FeedPage.show(request, study: study) }
        router.get("/assets/study/:folder/:file") { request in
            try StudyAssets.response(folder: request.parameter("folder"), file: request.parameter("file"))
        }
        router.get("/consent/document/:language", access: .signedIn) { request in
            try ConsentDocumentPage.show(request)
        }
        router.get("/survey/:task/:occurrence", access: .signedIn) { request in
            try SurveyPage.show(request, study: study)
        }
        router.post("/survey/:task/:occurrence", access: .signedIn) { request in
            try SurveyPage.submit(request, study: study)
        }
        router.post("/survey/:task/:occurrence/edit", access: .signedIn) { request in
            try ReviewWidget.edit(request, study: study)
        }
        router.post("/survey/:task/:occurrence/review", access: .signedIn) { request in
            try ReviewWidget.returnToReview(request, study: study)
        }
        router.get("/survey/:task/:occurrence/cancel", access: .signedIn) { request in
            try SurveyPage.confirmCancel(request, study: study)
        }
        router.post("/survey/:task/:occurrence/cancel", access: .signedIn) { request in
            try SurveyPage.cancel(request, study: study)
        }
        router.get("/answer/:task/:occurrence/delete", access: .signedIn) { request in
            try AnswerDeletion.confirm(request, study: study)
        }
        router.post("/answer/:task/:occurrence/delete", access: .signedIn) { request in
            try AnswerDeletion.delete(request, study: study)
        }
    }
}
