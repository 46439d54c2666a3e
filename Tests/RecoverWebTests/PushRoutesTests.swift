import Cryptography
import Foundation
import RecoverData
import Testing
import Web

@testable import RecoverWeb

/// The Web Push routes in process: the service worker at the site's root, the key, a participant's
/// subscription stored and removed, and every bad subscription refused with a JSON 400 and nothing stored.
@Suite struct PushRoutesTests {
    static func onboarded() throws -> StudyClient {
        var client = try StudyClient()
        try client.join()
        client.completeOnboarding()
        return client
    }

    static func keys() throws -> (p256dh: String, auth: String) {
        (Crypto.base64URL(try P256Key.generate().publicPoint), Crypto.base64URL(try OpenSSLCrypto.randomBytes(16)))
    }

    static func body(endpoint: String, p256dh: String, auth: String) -> [UInt8] {
        Array(
            #"{"endpoint":"\#(endpoint)","expirationTime":null,"keys":{"p256dh":"\#(p256dh)","auth":"\#(auth)"}}"#.utf8)
    }

    func json(_ response: Response) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    func stored(_ client: StudyClient) throws -> Int {
        try client.fixture.recover.folder.records.database.read { db in
            try db.queryOne("SELECT count(*) AS n FROM push_subscription")?.int("n") ?? -1
        }
    }

    @Test func theServiceWorkerIsServedFromTheRoot() throws {
        var client = try StudyClient()
        let worker = client.get("/service-worker.js")
        #expect(worker.status == .ok)
        #expect(worker.header("Content-Type") == "text/javascript; charset=utf-8")
        #expect(worker.header("Cache-Control") == "no-cache")
        #expect(worker.text.contains("addEventListener('push'"))
        #expect(worker.text.contains("notificationclick"))
    }

    @Test func aParticipantSubscribesAndRemovesThisBrowser() throws {
        var client = try Self.onboarded()
        let account = client.get("/account")
        #expect(account.text.contains("Reminders on this device"))
        #expect(account.text.contains("/js/push.js\""))
        let key = client.send(Request(method: .get, path: "/account/push/key", headers: ["Accept": "application/json"]))
        #expect(key.status == .ok)
        let answer = try json(key)
        let publicKey = try #require(answer["publicKey"] as? String)
        #expect(Crypto.base64URLDecode(publicKey).map { P256Key.isValidPublicPoint($0) } == true)
        #expect((answer["messages"] as? [String: String])?["subscribed"] == "Reminders will come to this device.")

        let keys = try Self.keys()
        let endpoint = "https://push.example.net/send/abc"
        let created = client.upload(
            "/account/push/subscriptions", bytes: Self.body(endpoint: endpoint, p256dh: keys.p256dh, auth: keys.auth),
            type: "application/json")
        #expect(created.status == HTTPStatus(201))
        let id = try #require(try json(created)["id"] as? String)
        let participant = try #require(try client.fixture.recover.services.directory.account(email: "pat@example.com"))
        let subscriptions = PushSubscriptions(database: client.fixture.recover.folder.records.database)
        #expect(try subscriptions.subscriptions(participantID: participant.id).map(\.id) == [id])

        let removed = client.upload(
            "/account/push/subscriptions/remove", bytes: Array(#"{"endpoint":"\#(endpoint)"}"#.utf8),
            type: "application/json")
        #expect(removed.status == .ok)
        #expect(try json(removed)["removed"] as? Bool == true)
        #expect(try stored(client) == 0)
    }

    @Test func badSubscriptionsAreRefusedWithJSONAndNothingIsStored() throws {
        var client = try Self.onboarded()
        let keys = try Self.keys()
        var offCurve = try #require(Crypto.base64URLDecode(keys.p256dh))
        offCurve[64] ^= 1
        let https = "https://push.example.net/send/abc"
        let cases: [([UInt8], String)] = [
            (Self.body(endpoint: https, p256dh: Crypto.base64URL(offCurve), auth: keys.auth), "invalid-key"),
            (Self.body(endpoint: https, p256dh: "AAAA", auth: keys.auth), "invalid-key"),
            (Self.body(endpoint: https, p256dh: keys.p256dh, auth: "c2hvcnQ"), "invalid-auth"),
            (
                Self.body(endpoint: "http://push.example.net/x", p256dh: keys.p256dh, auth: keys.auth),
                "invalid-endpoint"
            ),
            (Self.body(endpoint: "javascript:alert(1)", p256dh: keys.p256dh, auth: keys.auth), "invalid-endpoint"),
            (Array(#"{"endpoint": 7}"#.utf8), "invalid-body"),
            (Array("not json".utf8), "invalid-body"),
            (
                Self.body(endpoint: https + String(repeating: "a", count: 5000), p256dh: keys.p256dh, auth: keys.auth),
                "invalid-body"
            ),
        ]
        for (body, code) in cases {
            let response = client.upload("/account/push/subscriptions", bytes: body, type: "application/json")
            #expect(response.status == .badRequest, "\(code)")
            #expect(response.header("Content-Type") == "application/json")
            let error = try #require(try json(response)["error"] as? [String: Any])
            #expect(error["code"] as? String == code)
            #expect((error["message"] as? String)?.hasSuffix("Nothing was saved.") == true)
        }
        #expect(try stored(client) == 0)
    }

    @Test func withoutTheCSRFTokenOrAsStaffNothingIsStored() throws {
        var client = try Self.onboarded()
        let keys = try Self.keys()
        let forged = client.send(
            Request(
                method: .post, path: "/account/push/subscriptions",
                headers: ["Content-Type": "application/json", "Accept": "application/json"],
                body: Self.body(endpoint: "https://push.example.net/1", p256dh: keys.p256dh, auth: keys.auth)))
        #expect(forged.status == .forbidden)
        var staff = try HealthPagesTests.researcher(sharing: client)
        let refused = staff.upload(
            "/account/push/subscriptions",
            bytes: Self.body(endpoint: "https://push.example.net/2", p256dh: keys.p256dh, auth: keys.auth),
            type: "application/json")
        #expect(refused.status == .forbidden)
        #expect(!staff.get("/account").text.contains("Reminders on this device"))
        #expect(try stored(client) == 0)
    }
}
