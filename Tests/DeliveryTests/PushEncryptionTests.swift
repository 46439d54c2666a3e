import Cryptography
import Foundation
import Testing

@testable import Delivery
@testable import RecoverData

/// RFC 8291's message encryption against its Appendix A test vector, byte for byte, and the pieces around it:
/// the DER-to-JOSE signature form, VAPID's token, the endpoint rule, a key that is not a point.
struct PushEncryptionTests {
    static func bytes(_ base64URL: String) throws -> [UInt8] { try #require(Crypto.base64URLDecode(base64URL)) }

    @Test func rfc8291AppendixAEncryptsToTheExactBytes() throws {
        let sender = try P256Key(
            privateScalar: try Self.bytes("yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"),
            publicPoint: try Self.bytes(
                "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8"))
        let body = try PushEncryption.encrypt(
            Array("When I grow up, I want to be a watermelon".utf8),
            to: try Self.bytes(
                "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"),
            authSecret: try Self.bytes("BTBZMqHH6r4Tts7J_aSIgg"), ephemeral: sender,
            salt: try Self.bytes("DGv6ra1nlYgDCS1FRnbzlw"))
        #expect(
            Crypto.base64URL(body)
                == "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"
        )
        #expect(body.count == 144, "86-byte header, 41 bytes of text, the delimiter and the 16-byte tag")
    }

    @Test func aFreshEncryptionUsesANewKeyAndSaltEachTime() throws {
        let subscriber = try P256Key.generate()
        let auth = try OpenSSLCrypto.randomBytes(16)
        let first = try PushEncryption.encrypt(Array("hi".utf8), to: subscriber.publicPoint, authSecret: auth)
        let second = try PushEncryption.encrypt(Array("hi".utf8), to: subscriber.publicPoint, authSecret: auth)
        #expect(first.prefix(16) != second.prefix(16), "a new salt")
        #expect(first[21..<86] != second[21..<86], "a new ephemeral key")
        #expect(Array(first[16..<21]) == [0, 0, 0x10, 0, 65], "rs 4096, idlen 65")
    }

    @Test func tooLargeAPayloadOrABadKeyIsRefused() throws {
        let subscriber = try P256Key.generate()
        let auth = try OpenSSLCrypto.randomBytes(16)
        #expect(throws: PushError(.invalidMessage)) {
            try PushEncryption.encrypt(
                [UInt8](repeating: 0x41, count: PushEncryption.payloadLimit + 1), to: subscriber.publicPoint,
                authSecret: auth)
        }
        var offCurve = subscriber.publicPoint
        offCurve[64] ^= 1
        #expect(!P256Key.isValidPublicPoint(offCurve), "a point off the curve")
        #expect(throws: PushError(.invalidSubscription)) {
            try PushEncryption.encrypt(Array("x".utf8), to: offCurve, authSecret: auth)
        }
        #expect(throws: PushError(.invalidSubscription)) {
            try PushEncryption.encrypt(Array("x".utf8), to: subscriber.publicPoint, authSecret: [1, 2, 3])
        }
        #expect(!P256Key.isValidPublicPoint([UInt8](repeating: 4, count: 65)))
        #expect(!P256Key.isValidPublicPoint(Array(subscriber.publicPoint.prefix(33))))
    }

    @Test func aDERSignatureBecomesThirtyTwoBytesOfREachOfS() throws {
        // SEQUENCE { INTEGER 0x00ff (a leading zero for the sign), INTEGER 0x01 }.
        let raw = try P256Key.rawSignature(fromDER: [0x30, 0x07, 0x02, 0x02, 0x00, 0xFF, 0x02, 0x01, 0x01])
        #expect(raw == [UInt8](repeating: 0, count: 31) + [0xFF] + [UInt8](repeating: 0, count: 31) + [0x01])
        #expect(throws: P256Error.self) { try P256Key.rawSignature(fromDER: [0x30, 0x00, 0x01]) }
    }

    @Test func theVAPIDTokenNamesTheOriginAndExpiresInTwelveHours() throws {
        let vapid = VAPID(key: try P256Key.generate(), subject: "mailto:study@example.org")
        let endpoint = try #require(PushEndpoint("https://push.example.net:8443/send/abc?x=1"))
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let parts = try vapid.token(for: endpoint, now: now).split(separator: ".").map(String.init)
        #expect(parts.count == 3)
        #expect(try Self.bytes(parts[2]).count == 64)
        let claims = try JSONSerialization.jsonObject(with: Data(try Self.bytes(parts[1]))) as? [String: Any]
        #expect(claims?["aud"] as? String == "https://push.example.net:8443")
        #expect(claims?["exp"] as? Int == 1_800_000_000 + 12 * 3600)
        #expect(claims?["sub"] as? String == "mailto:study@example.org")
        #expect(try vapid.authorization(for: endpoint, now: now).hasSuffix(", k=\(vapid.publicKey)"))
        #expect(try Self.bytes(vapid.publicKey).count == 65)
        #expect(VAPID.subject(mailFrom: nil, publicURL: "https://study.example.org") == "https://study.example.org")
        #expect(VAPID.subject(mailFrom: nil, publicURL: "http://localhost:8080") == nil)
    }

    @Test func theEndpointRuleTakesHTTPSAndLoopbackHTTPOnly() {
        #expect(PushEndpoint("https://fcm.googleapis.com/fcm/send/a")?.origin == "https://fcm.googleapis.com")
        #expect(PushEndpoint("https://push.example.net:443/x")?.origin == "https://push.example.net")
        #expect(PushEndpoint("http://127.0.0.1:9000/push/1")?.origin == "http://127.0.0.1:9000")
        #expect(PushEndpoint("http://localhost/push")?.origin == "http://localhost")
        #expect(PushEndpoint("http://push.example.net/x") == nil, "plain http to another host")
        #expect(PushEndpoint("ftp://push.example.net/x") == nil)
        #expect(PushEndpoint("https://user:pw@push.example.net/x") == nil)
        #expect(PushEndpoint("https://push.example.net/x#f") == nil)
        #expect(PushEndpoint("https:///x") == nil)
        #expect(PushEndpoint("https://push.example.net/" + String(repeating: "a", count: 2048)) == nil)
        #expect(PushEndpoint("https://push.example.net/a b") == nil)
    }

    @Test func thePushPayloadIsSmallJSONInTheLanguageWithALocalURL() throws {
        let composer = MessageComposer(from: "study@example.org")
        func payload(_ language: String, _ parameters: [String: String]) throws -> [String: String] {
            let message = OutboxMessage(
                id: "m", kind: .reminder, channel: .push, recipient: UUID().uuidString.lowercased(),
                language: language, parameters: parameters, dedupeKey: "k", state: .sending, attempts: 1,
                nextAttemptAt: Date(), leaseOwner: nil, leaseExpiresAt: nil, sentAt: nil, lastError: nil,
                createdAt: Date())
            return try JSONDecoder().decode([String: String].self, from: Data(try composer.pushPayload(message)))
        }
        let english = try payload("en", ["taskTitle": "Daily check-in", "url": "/survey/checkin/3"])
        #expect(
            english == [
                "title": "Reminder: Daily check-in", "body": "It is time for Daily check-in.",
                "url": "/survey/checkin/3",
            ])
        let chinese = try payload("zh-Hans", ["taskTitle": "每日签到", "url": "https://evil.example/"])
        #expect(chinese["title"] == "提醒：每日签到")
        #expect(chinese["url"] == "/", "never another origin")
        #expect(try payload("en", ["taskTitle": "t", "url": "//evil.example/x"])["url"] == "/")
    }
}
