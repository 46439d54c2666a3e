import Foundation
import RecoverData
import RecoverWeb
import Testing
import Web

/// `X-Forwarded-For` counts only when it comes from the configured proxy (`--trusted-proxy`).
@Suite struct ForwardedAddressTests {
    static func services(trustedProxy: String?) -> WebServices {
        WebServices(directory: InMemoryAccountDirectory(), trustedProxy: trustedProxy.flatMap(NetworkAddress.init))
    }

    static func request(from socket: String, forwardedFor: String?) -> Request {
        Request(
            method: .post, path: "/sign-in", headers: forwardedFor.map { ["X-Forwarded-For": $0] } ?? [:],
            clientAddress: socket)
    }

    @Test func withoutATrustedProxyTheSocketAddressIsTheClients() {
        let services = Self.services(trustedProxy: nil)
        #expect(services.clientAddress(of: Self.request(from: "10.0.0.1", forwardedFor: "203.0.113.9")) == "10.0.0.1")
    }

    @Test func theTrustedProxysLastForwardedAddressIsTheClients() {
        let services = Self.services(trustedProxy: "10.0.0.1")
        let forged = "198.51.100.1, 203.0.113.9"
        #expect(services.clientAddress(of: Self.request(from: "10.0.0.1", forwardedFor: forged)) == "203.0.113.9")
        #expect(
            services.clientAddress(of: Self.request(from: "10.0.0.1", forwardedFor: " 2001:DB8::7 ")) == "2001:db8::7")
        #expect(services.clientAddress(of: Self.request(from: "10.0.0.1", forwardedFor: nil)) == "10.0.0.1")
        #expect(services.clientAddress(of: Self.request(from: "10.0.0.1", forwardedFor: "unknown")) == "10.0.0.1")
        #expect(services.clientAddress(of: Self.request(from: "10.0.0.1", forwardedFor: "203.0.113.9,")) == "10.0.0.1")
    }

    @Test func anotherSocketsForwardedForIsIgnored() {
        let services = Self.services(trustedProxy: "10.0.0.1")
        #expect(services.clientAddress(of: Self.request(from: "10.0.0.2", forwardedFor: "203.0.113.9")) == "10.0.0.2")
    }

    @Test func forwardedAddressesDoNotEscapeTheAddressLimitWithoutATrustedProxy() throws {
        let fixture = try ThrottleFixture()
        for index in 0..<20 {
            var browser = fixture.browser(from: "10.0.0.1", headers: ["X-Forwarded-For": "203.0.113.\(index)"])
            #expect(browser.signIn("x\(index)@example.com", "wrong").status == .unauthorized)
        }
        var next = fixture.browser(from: "10.0.0.1", headers: ["X-Forwarded-For": "203.0.113.99"])
        #expect(next.signIn("y@example.com", "wrong").status == .tooManyRequests)
    }

    @Test func behindTheTrustedProxyEachForwardedClientHasItsOwnLimit() throws {
        let fixture = try ThrottleFixture(trustedProxy: "10.0.0.1")
        for index in 0..<20 {
            var browser = fixture.browser(from: "10.0.0.1", headers: ["X-Forwarded-For": "203.0.113.1"])
            #expect(browser.signIn("x\(index)@example.com", "wrong").status == .unauthorized)
        }
        var same = fixture.browser(from: "10.0.0.1", headers: ["X-Forwarded-For": "203.0.113.1"])
        #expect(same.signIn("y@example.com", "wrong").status == .tooManyRequests)
        var other = fixture.browser(from: "10.0.0.1", headers: ["X-Forwarded-For": "203.0.113.2"])
        #expect(other.signIn("y@example.com", "wrong").status == .unauthorized)
    }
}

/// `X-Forwarded-Proto: https` makes a request secure only from the configured proxy.
@Suite struct ForwardedProtoTests {
    static func signInPage(trustedProxy: String?, from socket: String, proto: String?) throws -> Response {
        let services = WebServices(
            directory: InMemoryAccountDirectory(), trustedProxy: trustedProxy.flatMap(NetworkAddress.init))
        let app = try WebApp(services: services)
        return app.respond(
            to: Request(
                method: .get, path: "/sign-in", headers: proto.map { ["X-Forwarded-Proto": $0] } ?? [:],
                clientAddress: socket))
    }

    @Test func theTrustedProxysHTTPSGivesSecureCookiesAndHSTS() throws {
        let page = try Self.signInPage(trustedProxy: "127.0.0.1", from: "127.0.0.1", proto: "https")
        #expect(page.status == .ok)
        #expect(!page.cookies.isEmpty)
        #expect(page.cookies.allSatisfy { $0.hasPrefix("__Host-") && $0.contains("Secure") })
        #expect(page.header("Strict-Transport-Security") != nil)
    }

    @Test func theHeaderFromAnyoneElseOrWithoutAProxyChangesNothing() throws {
        for (proxy, socket, proto) in [
            ("127.0.0.1", "10.0.0.2", "https"), (nil, "127.0.0.1", "https"), ("127.0.0.1", "127.0.0.1", "http"),
        ] as [(String?, String, String)] {
            let page = try Self.signInPage(trustedProxy: proxy, from: socket, proto: proto)
            #expect(page.cookies.allSatisfy { !$0.hasPrefix("__Host-") && !$0.contains("Secure") })
            #expect(page.header("Strict-Transport-Security") == nil)
        }
    }
}
