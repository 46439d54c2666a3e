import Testing
import Web
import WebTesting

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

    @Test func theClientSendsFromItsAddressWithItsHeadersUnlessARequestSetsThem() throws {
        let application = try TestApp.application { router in
            router.get("/whoami") { request in
                .text(
                    [request.clientAddress, request.forwardedFor ?? "-", request.headers["accept-language"] ?? "-"]
                        .joined(separator: " "))
            }
        }
        var client = TestClient(application)
        #expect(client.get("/whoami").text == "127.0.0.1 - -")
        client.clientAddress = "192.0.2.1"
        client.headers = ["X-Forwarded-For": "198.51.100.1, 203.0.113.9 "]
        client.acceptLanguage = "zh-CN"
        #expect(client.headers == ["x-forwarded-for": "198.51.100.1, 203.0.113.9 ", "accept-language": "zh-CN"])
        #expect(client.get("/whoami").text == "192.0.2.1 203.0.113.9 zh-CN")
        #expect(client.get("/whoami", headers: ["Accept-Language": "en"]).text == "192.0.2.1 203.0.113.9 en")
        var other = TestClient(sharing: client)
        #expect(other.get("/whoami").text == "127.0.0.1 - zh-CN")
    }

    @Test func forwardedForIsTheEntryTheNearestProxyAdded() {
        func forwardedFor(_ header: String?) -> String? {
            Request(method: .get, path: "/", headers: header.map { ["X-Forwarded-For": $0] } ?? [:]).forwardedFor
        }
        #expect(forwardedFor(nil) == nil)
        #expect(forwardedFor("203.0.113.9") == "203.0.113.9")
        #expect(forwardedFor("198.51.100.1, 203.0.113.9 ") == "203.0.113.9")
        #expect(forwardedFor("203.0.113.9,") == "")
    }
}
