import RecoverData
import RecoverWeb
import Testing
import Web

/// Recover's routes on the framework's router: start-up refusal of a route added twice, readable error pages.
@Suite struct AppRoutingTests {
    @Test func aRouteAddedTwiceIsRefusedAtStartUp() throws {
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
        var client = try AccountsClient()
        let missing = client.get("/no/such/page")
        #expect(missing.status == .notFound)
        #expect(missing.text.contains("Page not found"))
        let wrong = client.send(Request(method: .delete, path: "/sign-in"))
        #expect(wrong.status == .methodNotAllowed)
        #expect(wrong.header("Allow") == "GET, POST")
    }

    @Test func errorsAreJSONWhenTheClientAsksForJSON() throws {
        var client = try AccountsClient()
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

    @Test func aBodyOverTheLimitGetsRecoversTooLargePage() throws {
        var client = try AccountsClient()
        client.get("/sign-in")
        let response = client.post("/sign-in", form: ["email": String(repeating: "a", count: 1024 * 1024)])
        #expect(response.status == .contentTooLarge)
        #expect(response.text.contains("Too large"))
        #expect(response.text.contains("action=\"/language\""))
    }
}
