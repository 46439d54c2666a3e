import Foundation
import RecoverData
import Testing

@Suite struct KnownDevicesTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let devices = KnownDevices(key: Array(repeating: 7, count: 32))

    @Test func aTokenIsValidForItsAccountOnlyAndNamesNoOne() throws {
        let cookie = Self.devices.cookieValue(adding: "account-1", to: nil, now: Self.now)
        let device = try #require(Self.devices.device(in: cookie, for: "account-1", now: Self.now))
        #expect(cookie.hasPrefix(device + "."))
        #expect(Self.devices.device(in: cookie, for: "account-2", now: Self.now) == nil)
        #expect(!cookie.contains("account-1"))
        #expect(
            KnownDevices(key: Array(repeating: 8, count: 32)).device(in: cookie, for: "account-1", now: Self.now) == nil
        )
    }

    @Test func aTokenExpiresAfterItsLifetime() {
        let cookie = Self.devices.cookieValue(adding: "a", to: nil, now: Self.now)
        let later = Self.now.addingTimeInterval(Self.devices.lifetime + 1)
        #expect(Self.devices.device(in: cookie, for: "a", now: Self.now.addingTimeInterval(86_400)) != nil)
        #expect(Self.devices.device(in: cookie, for: "a", now: later) == nil)
    }

    @Test func aTamperedOrMalformedTokenIsIgnored() {
        let cookie = Self.devices.cookieValue(adding: "a", to: nil, now: Self.now)
        var parts = cookie.split(separator: ".").map(String.init)
        parts[1] = String(Int(parts[1])! + 86_400)
        #expect(Self.devices.device(in: parts.joined(separator: "."), for: "a", now: Self.now) == nil)
        for junk in ["", "~~~", "a.b.c", String(repeating: "x", count: 5000), cookie + "." + cookie] {
            #expect(Self.devices.device(in: junk, for: "a", now: Self.now) == nil)
        }
    }

    @Test func theCookieKeepsTheLastFewAccountsAndRenewsTheOneSignedInTo() {
        var cookie: String?
        for account in ["a", "b", "c", "d", "e"] {
            cookie = Self.devices.cookieValue(adding: account, to: cookie, now: Self.now)
        }
        #expect(Self.devices.device(in: cookie, for: "a", now: Self.now) == nil)
        for account in ["b", "c", "d", "e"] {
            #expect(Self.devices.device(in: cookie, for: account, now: Self.now) != nil)
        }
        let old = Self.devices.device(in: cookie, for: "c", now: Self.now)
        cookie = Self.devices.cookieValue(adding: "c", to: cookie, now: Self.now)
        #expect(cookie?.split(separator: "~").count == KnownDevices.maximumTokens)
        #expect(Self.devices.device(in: cookie, for: "c", now: Self.now) != old)
        #expect(Self.devices.device(in: cookie, for: "b", now: Self.now) != nil)
    }
}

@Suite struct NetworkAddressTests {
    @Test func addressesAreParsedNumericallyAndWrittenCanonically() {
        #expect(NetworkAddress("192.0.2.7")?.text == "192.0.2.7")
        #expect(NetworkAddress(" 2001:DB8:0:0::1 ")?.text == "2001:db8::1")
        #expect(NetworkAddress("::ffff:192.0.2.7")?.text == "192.0.2.7")
        for junk in ["", "example.org", "192.0.2.256", "1.2.3", "fe80::1%eth0", String(repeating: "1", count: 100)] {
            #expect(NetworkAddress(junk) == nil)
        }
    }

    @Test func anIPv6AddressIsThrottledWithItsSlash64() {
        #expect(NetworkAddress("2001:db8:1:2:aaaa::1")?.throttleGroup == "2001:db8:1:2::/64")
        #expect(NetworkAddress("2001:db8:1:2:bbbb::9")?.throttleGroup == "2001:db8:1:2::/64")
        #expect(NetworkAddress("192.0.2.7")?.throttleGroup == "192.0.2.7")
    }
}
