import Foundation
import RecoverData
import Web

extension Area {
    /// `/account/push…`: a participant's push subscriptions, for participants who take part.
    public static let pushPages = Area("/account/push", access: .participant)
}

/// The Web Push routes (docs/web-push.md): the service worker at `/service-worker.js` (scope `/`), the server's
/// key, and a participant's subscriptions for this browser. The JSON routes answer JSON, errors too:
/// `{"error": {"status": 400, "code": "invalid-key", "message": "..."}}`, with nothing stored.
///
/// ```swift
/// PushRoutes.add(to: &router, push: push)
/// ```
public enum PushRoutes {
    /// The largest subscription body taken, in bytes (an endpoint is at most 2 KiB).
    static let bodyLimit = 4096

    /// Adds `GET /service-worker.js`, `GET /account/push/key`, `POST /account/push/subscriptions` and
    /// `POST /account/push/subscriptions/remove`.
    public static func add(to router: inout Router, push: PushServices) {
        router.group(.publicPages) { pages in
            pages.get("/service-worker.js") { _ in try serviceWorker() }
        }
        router.group(.pushPages) { pages in
            pages.get("/key") { request in try key(request, push: push) }
            pages.post("/subscriptions") { request in try subscribe(request, push: push) }
            pages.post("/subscriptions/remove") { request in try remove(request, push: push) }
        }
    }

    /// The service worker, from `/` so that its scope is the whole site; revalidated on each use, so a new
    /// version reaches browsers at their next visit.
    static func serviceWorker() throws -> Response {
        let catalog = AssetCatalog.shared
        guard let hashed = catalog.hashedNames["service-worker.js"], let asset = catalog.byHashedName[hashed] else {
            throw HTTPError(.notFound)
        }
        return Response(
            headers: ["Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache"],
            body: asset.bytes)
    }

    struct KeyAnswer: Encodable {
        let available: Bool
        let publicKey: String
        let messages: [String: String]
    }

    /// The key to subscribe with, whether push is sent, and the words the page shows for each outcome.
    static func key(_ request: Request, push: PushServices) throws -> Response {
        let t = Localizer(request.language)
        let outcomes = [
            "subscribed", "unsupported", "failed", "failedHere", "refused", "unavailable", "removed", "denied",
        ]
        var response = try Response.json(
            KeyAnswer(
                available: push.isAvailable, publicKey: push.publicKey,
                messages: Dictionary(uniqueKeysWithValues: outcomes.map { ($0, t["push.status.\($0)"]) })))
        response.headers["Cache-Control"] = "no-store"
        return response
    }

    struct SubscriptionBody: Decodable {
        struct Keys: Decodable {
            let p256dh: String
            let auth: String
        }
        let endpoint: String
        let keys: Keys
    }

    struct RemoveBody: Decodable {
        let endpoint: String
    }

    /// Stores the browser's subscription (`PushSubscription.toJSON()`): 201 with its id, or 400 with nothing
    /// stored for a body that is too large, not that JSON, or holds bad keys or an endpoint that is not https.
    static func subscribe(_ request: Request, push: PushServices) throws -> Response {
        let account = try ParticipantContext.participantAccount(request)
        guard let body: SubscriptionBody = decode(request) else {
            return problem(request, status: .badRequest, code: "invalid-body")
        }
        do {
            let stored = try push.subscriptions.subscribe(
                PushSubscriptionRequest(endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth),
                participantID: account.id, at: push.now())
            return try Response.json(["id": stored.id], status: HTTPStatus(201))
        } catch let error as PushSubscriptionError {
            return problem(request, status: .badRequest, code: error.code)
        }
    }

    /// Deletes this browser's subscription (turned off on the account page).
    static func remove(_ request: Request, push: PushServices) throws -> Response {
        let account = try ParticipantContext.participantAccount(request)
        guard let body: RemoveBody = decode(request) else {
            return problem(request, status: .badRequest, code: "invalid-body")
        }
        let removed = try push.subscriptions.remove(endpoint: body.endpoint, participantID: account.id)
        return try Response.json(["removed": removed])
    }

    static func decode<Body: Decodable>(_ request: Request) -> Body? {
        guard !request.bodyExceededLimit, request.body.count <= bodyLimit else { return nil }
        return try? JSONDecoder().decode(Body.self, from: Data(request.body))
    }

    struct Problem: Encodable {
        struct Detail: Encodable {
            let status: Int
            let code: String
            let message: String
        }
        let error: Detail
    }

    /// A JSON error: the status, the code and the words in the request's language.
    static func problem(_ request: Request, status: HTTPStatus, code: String) -> Response {
        let t = Localizer(request.language)
        let message = t["push.error.\(code)"]
        let body = Problem(error: .init(status: status.code, code: code, message: message))
        return (try? Response.json(body, status: status)) ?? Response.text(message, status: status)
    }
}
