import Testing

@testable import Delivery

/// `--smtp-url`'s rules: STARTTLS unless the URL says otherwise, bounds, and a password never shown.
@Suite struct SMTPRelayTests {
    @Test func theSchemeDecidesTLSAndTheDefaultPort() throws {
        let starttls = try SMTPRelay(url: "smtp://mail.example.org")
        #expect(starttls.security == .startTLS)
        #expect(starttls.port == 587)
        let implicit = try SMTPRelay(url: "smtps://mail.example.org")
        #expect(implicit.security == .implicitTLS)
        #expect(implicit.port == 465)
        let local = try SMTPRelay(url: "smtp://127.0.0.1:2525?tls=none")
        #expect(local.security == .none)
        #expect(local.connectionURL == "smtp://127.0.0.1:2525")
    }

    @Test func credentialsAreDecodedAndThePasswordIsNeverShown() throws {
        let relay = try SMTPRelay(url: "smtp://study%40example.org:p%40ss%3Aword@mail.example.org:2587")
        #expect(relay.username == "study@example.org")
        #expect(relay.password == "p@ss:word")
        #expect(relay.description == "smtp://study@example.org@mail.example.org:2587 (STARTTLS required)")
        #expect(!relay.connectionURL.contains("word"))
    }

    @Test func malformedURLsAreRefusedWithoutRepeatingThem() {
        for text in [
            "", "mail.example.org", "http://mail.example.org", "smtp://", "smtp://user:secret@mail.example.org:70000",
            "smtp://mail.example.org/path", "smtp://mail.example.org?tls=off", "smtps://mail.example.org?tls=none",
            "smtp://user:secret@mail.example.org?tls=none", "smtp://mail example.org",
            "smtp://" + String(repeating: "a", count: 3000),
        ] {
            #expect(throws: SMTPRelay.URLError.self) { try SMTPRelay(url: text) }
            do {
                _ = try SMTPRelay(url: text)
            } catch {
                #expect(!String(describing: error).contains("secret"))
            }
        }
        #expect(throws: Never.self) { try SMTPRelay(url: "smtp://user:secret@127.0.0.1:25?tls=none") }
    }
}
