import Testing
import Web
import WebTesting

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
        #expect(throws: DuplicateRouteError.self) { try TestApp.application(router) }
        var again = Router()
        again.get("/healthz") { _ in .text("ok") }
        again.group { $0.get("/healthz") { _ in .text("again") } }
        #expect(throws: DuplicateRouteError.self) { try TestApp.application(again) }
    }

    @Test func patternsThatDifferOnlyInParameterNamesAreTheSameRoute() {
        var router = Router()
        router.get("/join/:code") { _ in .text("") }
        router.get("/join/:invitation") { _ in .text("") }
        router.post("/join/:invitation") { _ in .text("") }
        #expect(router.duplicates == ["GET /join/:invitation"])
        #expect(router.routes.count == 2)
    }

    @Test func aGroupPrefixesItsRoutesAndCarriesItsRuleAndLimit() {
        var router = Router(bodyLimit: 1000)
        router.group("/console", access: TestApp.member, bodyLimit: 50) { console in
            console.get("") { _ in .text("dashboard") }
            console.get("/") { _ in .text("same") }
            console.post("/invitations") { _ in .text("") }
            console.group("/:id", bodyLimit: .bytes(10)) { participant in
                participant.get("/consent") { _ in .text("") }
            }
        }
        router.get("/healthz") { _ in .text("ok") }
        #expect(
            router.routes.map(\.pattern) == ["/console", "/console/invitations", "/console/:id/consent", "/healthz"])
        #expect(router.duplicates == ["GET /console"])
        #expect(router.routes.map(\.access.name) == ["member", "member", "member", "public"])
        #expect(router.routes.map(\.bodyLimit.bytes) == [50, 50, 10, 1000])
        #expect(router.route(.get, "/console/:participant/consent")?.pattern == "/console/:id/consent")
    }

    @Test func anAreaDeclaresItsRulesOnceForEveryGroupOpenedOnIt() {
        let account = Area("/account", access: TestApp.member, bodyLimit: 64)
        var router = Router()
        router.group(account) { $0.get("") { _ in .text("") } }
        router.group(account) { $0.post("/password") { _ in .text("") } }
        router.group(Area(access: .public)) { $0.get("/") { _ in .text("") } }
        #expect(router.routes.map(\.pattern) == ["/account", "/account/password", "/"])
        #expect(router.routes.map(\.access.name) == ["member", "member", "public"])
        #expect(router.routes.map(\.bodyLimit.bytes) == [64, 64, BodyLimit.default.bytes])
    }

    @Test func replaceKeepsTheRulesOfTheRouteItReplaces() throws {
        var router = Router()
        router.group(access: TestApp.member) { $0.get("/") { _ in .text("start") } }
        router.replace(.get, "/") { _ in .text("feed") }
        router.replace(.get, "/new") { _ in .text("new") }
        #expect(router.route(.get, "/")?.access.name == "member")
        #expect(router.route(.get, "/new")?.access.name == "public")
        var client = TestClient(try TestApp.application(router))
        #expect(client.get("/").header("Location") == "/sign-in")
        client.cookies["session"] = "s"
        #expect(client.get("/").text == "feed")
    }
}
