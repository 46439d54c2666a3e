import Testing
import Web

@Suite struct TestClientTests {
    @Test func theClientKeepsCookiesUntilTheyAreRemovedAndEchoesTheCSRFToken() throws {
        let application = try TestApp.application { router in
            router.post("/remember") { _ in
                var response = Response.text("kept")
                response.cookies = [
                    Cookie(name: "theme", value: "dark", secure: false).headerValue,
                    Cookie(name: "session", value: "", maxAge: 0, secure: false).headerValue,
                ]
                return response
            }
            router.get("/cookies") { request in .text(request.cookies.keys.sorted().joined()) }
        }
        var client = TestClient(application)
        client.cookies["session"] = "s"
        client.get("/sign-in")
        #expect(client.lastCSRF.count >= 32)
        #expect(client.cookies["csrf"] == client.lastCSRF)
        #expect(client.post("/remember", form: [:]).text == "kept")
        #expect(client.cookies["theme"] == "dark")
        #expect(client.cookies["session"] == nil)
        #expect(client.get("/cookies").text == "csrftheme")
        #expect(client.lastPage == "csrftheme")
        #expect(client.router.routes.count == 5)
    }
}
