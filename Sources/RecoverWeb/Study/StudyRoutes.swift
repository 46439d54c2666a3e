import Foundation
import Web

/// The participant's study pages: survey pages, answer deletion, the consent document and the browser
/// components' files (the care feed at `/` is the built-in start page's, ``StartPage``).
///
/// ```swift
/// let app = try WebApp(services: services) { router, services in
///     StudyRoutes.add(to: &router, services: services, study: StudyServices(database: database))
/// }
/// ```
public enum StudyRoutes {
    /// Adds the routes.
    public static func add(to router: inout Router, services: WebServices, study: StudyServices) {
        router.group(.publicPages) { pages in
            pages.get("/assets/study/:folder/:file") { request in
                try StudyAssets.response(
                    folder: request.parameter("folder"), file: request.parameter("file"), request: request)
            }
            pages.get("/assets/study/:version/:folder/:file") { request in
                try StudyAssets.response(
                    version: request.parameter("version"), folder: request.parameter("folder"),
                    file: request.parameter("file"), request: request)
            }
            pages.post("/survey/:task/:occurrence/resume") { request in
                try SessionCarry.resume(request, services: services, study: study)
            }
        }
        router.group(.signedInPages) { pages in
            pages.get("/consent/document/:language") { request in try ConsentDocumentPage.show(request) }
            pages.get("/consent/text/:sha256") { request in try ConsentDocumentPage.text(request, study: study) }
        }
        router.group(.studyPages) { pages in
            pages.get("/consent/sign/:document") { request in try ConsentSignPage.show(request, study: study) }
            pages.post("/consent/sign/:document") { request in try ConsentSignPage.submit(request, study: study) }
            pages.group("/survey/:task/:occurrence") { survey in
                survey.get("") { request in try SurveyPage.start(request, study: study) }
                survey.post("") { request in try SurveyPage.submit(request, study: study) }
                survey.get("/step/:number") { request in try SurveyPage.showStep(request, study: study) }
                survey.post("/step/:number") { request in try SurveyPage.submit(request, study: study) }
                survey.get("/done") { request in try CompletionPage.show(request, study: study) }
                survey.post("/edit") { request in try ReviewWidget.edit(request, study: study) }
                survey.post("/review") { request in try ReviewWidget.returnToReview(request, study: study) }
                survey.get("/cancel") { request in try SurveyPage.confirmCancel(request, study: study) }
                survey.post("/cancel") { request in try SurveyPage.cancel(request, study: study) }
            }
            pages.group("/answer/:task/:occurrence") { answer in
                answer.get("/delete") { request in try AnswerDeletion.confirm(request, study: study) }
                answer.post("/delete") { request in try AnswerDeletion.delete(request, study: study) }
                answer.post("/change") { request in try AnswerChange.start(request, study: study) }
            }
        }
    }
}
