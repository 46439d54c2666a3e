import RecoverData
import RecoverWeb
import Testing

@Suite struct RouterTests {
    @Test func patternCapturesNamedSegments() {
        var router = Router()
        router.get("/survey/:task/:occurrence") { _ in .text("") }
        guard case .found(let route, let parameters) = router.match(method: .get, path: "/survey/checkin/3") else {
            Issue.record("no match")
            return
        }
        #expect(route.pattern == "/survey/:task/:occurrence")
        #expect(parameters == ["task": "checkin", "occurrence": "3"])
    }

    @Test func wrongMethodIsDistinguishedFromUnknownPath() {
        var router = Router()
        router.post("/sign-out") { _ in .text("") }
        guard case .methodNotAllowed(let allowed) = router.match(method: .get, path: "/sign-out") else {
            Issue.record("expected 405")
            return
        }
        #expect(allowed == [.post])
        guard case .notFound = router.match(method: .get, path: "/sign-out/extra") else {
            Issue.record("expected 404")
            return
        }
    }

    @Test func aRouteAddedTwiceIsRefusedAtStartUpAndOnlyReplaceReplaces() throws {
        var router = Router()
        router.get("/") { _ in .text("first") }
        router.get("/") { _ in .text("second") }
        #expect(router.duplicates == ["GET /"])
        guard case .found(let kept, _) = router.match(method: .head, path: "/") else {
            Issue.record("no match")
            return
        }
        #expect(try kept.handler(Request(method: .get, path: "/")).text == "first")
        router.replace(.get, "/") { _ in .text("second") }
        guard case .found(let route, _) = router.match(method: .head, path: "/") else {
            Issue.record("no match")
            return
        }
        #expect(try route.handler(Request(method: .get, path: "/")).text == "second")
        let directory = InMemoryAccountDirectory()
        #expect(throws: DuplicateRouteError.self) {
            try WebApp(
                services: WebServices(directory: directory),
                configure: { router, _ in
                    router.get("/healthz") { _ in .text("again") }
                })
        }
    }

    @Test func unknownRouteAndWrongMethodGetReadablePages() throws {
        var client = try TestClient()
        let missing = client.get("/no/such/page")
        #expect(missing.status == .notFound)
        #expect(missing.text.contains("Page not found"))
        let wrong = client.send(Request(method: .delete, path: "/sign-in"))
        #expect(wrong.status == .methodNotAllowed)
        #expect(wrong.header("Allow") == "GET, POST")
    }

    @Test func errorsAreJSONWhenTheClientAsksForJSON() throws {
        var client = try TestClient()
        let response = client.get("/missing", headers: ["Accept": "application/json"])
        #expect(response.status == .notFound)
        #expect(response.header("Content-Type") == "application/json")
        #expect(response.text.contains("\"status\":404"))
    }

    @Test func unexpectedErrorsBecomeA500WithoutInternals() throws {
        struct Secret: Error { let detail = "patient pain score 9" }
        let app = try WebApp(
            services: WebServices(directory: InMemoryAccountDirectory()),
            configure: { router, _ in
                router.get("/boom") { _ in throw Secret() }
            })
        let response = app.respond(to: Request(method: .get, path: "/boom"))
        #expect(response.status == .internalServerError)
        #expect(!response.text.contains("pain"))
        #expect(!response.text.contains("Secret"))
    }
}
