import Foundation
import Synchronization
import Testing
import Web
import WebTesting

/// The application around the router: one match per request, the route's access rule, its body limit, and
/// errors turned into pages.
@Suite struct ApplicationTests {
    @Test func routingErrorsArePagesInTheRequestsLanguageAndA405SaysWhatIsAllowed() throws {
        var client = TestClient(try TestApp.application())
        client.acceptLanguage = "zh-CN"
        let missing = client.get("/no/such/page")
        #expect(missing.status == .notFound)
        #expect(missing.text.contains("<html lang=\"zh-Hans\">"))
        #expect(missing.text.contains("找不到页面"))
        let put = client.send(Request(method: .put, path: "/healthz"))
        #expect(put.status == .methodNotAllowed)
        #expect(put.header("Allow") == "GET")
        #expect(put.text.contains("Not allowed here"))
        #expect(client.send(Request(method: .head, path: "/healthz")).status == .ok)
    }

    @Test func errorsAreJSONWhenTheClientAsksForJSON() throws {
        var client = TestClient(try TestApp.application())
        let response = client.get("/missing", headers: ["Accept": "application/json"])
        #expect(response.status == .notFound)
        #expect(response.header("Content-Type") == "application/json")
        #expect(response.text == #"{"error":{"message":"There is no page here.","status":404}}"#)
    }

    @Test func unexpectedErrorsBecomeA500WithoutInternalsAndAreReportedByType() throws {
        struct Secret: Error { let detail = "patient pain score 9" }
        let lines = Mutex<[String]>([])
        var router = Router()
        router.get("/boom") { _ in throw Secret() }
        let application = try TestApp.application(router) { line in lines.withLock { $0.append(line) } }
        let response = application.respond(to: Request(method: .get, path: "/boom"))
        #expect(response.status == .internalServerError)
        #expect(!response.text.contains("pain"))
        #expect(!response.text.contains("Secret"))
        let logged = lines.withLock { $0 }
        #expect(logged.first == "unexpected error Secret on GET /boom")
        #expect(logged.last?.hasPrefix("GET /boom 500 ") == true)
    }

    @Test func theAccessRuleAnswersOrRefusesBeforeTheHandlerAndAfterTheMiddleware() throws {
        let reached = Mutex(0)
        let application = try TestApp.application { router in
            router.group("/members", access: TestApp.member) { members in
                members.get("/:name") { request in
                    reached.withLock { $0 += 1 }
                    return .text("hello \(try request.parameter("name"))")
                }
                members.post("/:name") { _ in .text("posted") }
            }
        }
        var client = TestClient(application)
        let visitor = client.get("/members/ada")
        #expect(visitor.status == .seeOther)
        #expect(visitor.header("Location") == "/sign-in")
        #expect(visitor.header("Content-Security-Policy") != nil)
        client.get("/sign-in")
        #expect(client.post("/members/ada", form: [:]).status == .unauthorized)
        #expect(client.post("/members/ada", form: [:], includeCSRF: false).status == .forbidden)
        #expect(reached.withLock { $0 } == 0)
        client.cookies["session"] = "s"
        #expect(client.get("/members/ada").text == "hello ada")
        #expect(client.post("/members/ada", form: [:]).text == "posted")
        #expect(reached.withLock { $0 } == 1)
    }

    /// The CSRF check decodes the form once and the handler gets that decoded form.
    @Test func theFormIsDecodedOnceForTheCSRFCheckAndTheHandler() throws {
        let application = try TestApp.application { router in
            router.post("/note") { request in
                .text("\(request.parsedForm != nil) \(try request.form().required("text"))")
            }
        }
        var client = TestClient(application)
        client.get("/sign-in")
        #expect(client.post("/note", form: ["text": "walked 2 km"]).text == "true walked 2 km")
    }

    @Test func aGroupsBodyLimitHoldsInProcessAsOnTheSocket() throws {
        let application = try TestApp.application(bodyLimit: 100) { router in
            router.group("/big", bodyLimit: 1000) { $0.post("") { request in .text("\(request.body.count)") } }
            router.post("/small") { request in .text("\(request.body.count)") }
        }
        var client = TestClient(application)
        client.get("/sign-in")
        let big = ["text": String(repeating: "b", count: 500)]
        #expect(client.post("/big", form: big).status == .ok)
        let tooLarge = client.post("/small", form: big)
        #expect(tooLarge.status == .contentTooLarge)
        #expect(tooLarge.text.contains("Too large"))
        #expect(client.post("/big", form: ["text": String(repeating: "b", count: 2000)]).status == .contentTooLarge)
    }

    @Test func aLargerLimitIsOnlyForRequestsTheRuleMayLetThrough() throws {
        let application = try TestApp.application(bodyLimit: 100) { router in
            router.group("/members", access: TestApp.member, bodyLimit: 1000) { members in
                members.post("/notes") { request in .text("\(request.body.count)") }
            }
        }
        var client = TestClient(application)
        client.get("/sign-in")
        let note = ["text": String(repeating: "n", count: 500)]
        // The rule runs on the headers first: a stranger is refused before the body is read at all.
        #expect(client.post("/members/notes", form: note).status == .unauthorized)
        client.cookies["session"] = "s"
        #expect(client.post("/members/notes", form: note).status == .ok)
    }

    @Test func aSpooledGroupsBodyArrivesAsATemporaryFileRemovedAfterTheRequest() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "web-spool-\(UUID().uuidString)")
        let kept = Mutex<URL?>(nil)
        let spooling = UploadSpooling(directory: folder, digest: { TestDigest() })
        let application = try TestApp.application { router in
            router.group(access: TestApp.member, bodyLimit: .spooled(64, spooling)) { uploads in
                uploads.post("/uploads/:name") { request in
                    guard let upload = request.upload else { return .text("none") }
                    kept.withLock { $0 = upload.file }
                    let onDisk = FileManager.default.contents(atPath: upload.file.path) ?? Data()
                    return .text("\(upload.digest) \(upload.byteCount) \(onDisk.count) \(request.body.count)")
                }
            }
        }
        var client = TestClient(application)
        client.get("/sign-in")
        client.cookies["session"] = "s"
        let bytes = Array("0123456789".utf8)
        let response = client.send(
            Request(
                method: .post, path: "/uploads/note", headers: ["X-CSRF-Token": client.lastCSRF],
                body: bytes))
        #expect(response.text == "\(TestDigest.of(bytes)) 10 10 0")
        let file = try #require(kept.withLock { $0 })
        #expect(!FileManager.default.fileExists(atPath: file.path))
        let tooLarge = Request(
            method: .post, path: "/uploads/note", headers: ["X-CSRF-Token": client.lastCSRF],
            body: Array(repeating: 1, count: 65))
        #expect(client.send(tooLarge).status == .contentTooLarge)
    }

    @Test func aRoutesHeaderCheckRunsBeforeTheBodyWhichARefusedRequestNeverSends() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "web-spool-\(UUID().uuidString)")
        let spooling = UploadSpooling(directory: folder, digest: { TestDigest() })
        let seen = Mutex<[String]>([])
        let lines = Mutex<[String]>([])
        var router = Router()
        router.get("/sign-in") { request in
            .html("<form><input type=\"hidden\" name=\"csrf\" value=\"\(request.csrfToken)\"></form>")
        }
        router.group(access: TestApp.member, bodyLimit: .spooled(1000, spooling)) { uploads in
            uploads.post(
                "/uploads/:name",
                beforeBody: { request in
                    seen.withLock { $0.append("headers \(request.bodyPending) \(request.body.count)") }
                    if request.parameters["name"] == "refused" { throw HTTPError(.notFound) }
                }
            ) { request in
                seen.withLock { $0.append("handler \(request.bodyPending) \(request.upload?.byteCount ?? -1)") }
                return .text("kept")
            }
        }
        let application = try TestApp.application(router, log: { line in lines.withLock { $0.append(line) } })
        var client = TestClient(application)
        client.get("/sign-in")
        client.cookies["session"] = "s"
        func upload(_ name: String, token: String?) -> Response {
            var headers = ["Content-Type": "application/octet-stream"]
            headers["X-CSRF-Token"] = token
            return client.send(Request(method: .post, path: "/uploads/\(name)", headers: headers, body: [1, 2, 3]))
        }
        #expect(upload("note", token: client.lastCSRF).text == "kept")
        #expect(seen.withLock { $0 } == ["headers true 0", "handler false 3"])
        #expect(upload("refused", token: client.lastCSRF).status == .notFound)
        // No token in the header: a spooled body is never read as a form, so it is refused on the headers.
        #expect(upload("note", token: nil).status == .forbidden)
        client.cookies["session"] = nil
        #expect(upload("note", token: client.lastCSRF).status == .unauthorized)
        #expect(seen.withLock { $0 } == ["headers true 0", "handler false 3", "headers true 0"])
        // One log line per request, the pass over the headers included only when it refused.
        #expect(
            lines.withLock { $0 }.filter { $0.hasPrefix("POST") }.map { $0.split(separator: " ")[2] } == [
                "200", "404", "403", "401",
            ])
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).isEmpty)
    }
}
