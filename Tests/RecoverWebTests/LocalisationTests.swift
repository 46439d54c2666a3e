import RecoverData
import RecoverWeb
import Testing
import Web

@Suite struct LocalisationTests {
    @Test func everyKeyExistsInBothCatalogs() {
        let english = Set(Catalog.recover.strings(for: .english).keys)
        let chinese = Set(Catalog.recover.strings(for: .simplifiedChinese).keys)
        #expect(english.subtracting(chinese).sorted() == [])
        #expect(chinese.subtracting(english).sorted() == [])
    }

    @Test func placeholdersMatchAcrossLanguages() {
        for (key, text) in Catalog.recover.strings(for: .english) {
            let chinese = Catalog.recover.strings(for: .simplifiedChinese)[key] ?? ""
            #expect(placeholders(text) == placeholders(chinese), "\(key)")
        }
    }

    @Test func chineseBrowserGetsChinesePages() throws {
        var client = try AccountsClient()
        client.acceptLanguage = "zh-Hans,zh;q=0.9"
        let page = client.get("/sign-in").text
        #expect(page.contains("<html lang=\"zh-Hans\">"))
        #expect(page.contains("登录"))
    }

    @Test func languageSwitchRemembersTheChoice() throws {
        var client = try AccountsClient()
        client.get("/sign-in")
        let switched = client.post("/language", form: ["language": "zh-Hans", "back": "/sign-in"])
        #expect(switched.status == .seeOther)
        #expect(switched.header("Location") == "/sign-in")
        #expect(client.get("/sign-in").text.contains("<html lang=\"zh-Hans\">"))
    }

    @Test func languageSwitchNeverRedirectsOffSite() throws {
        var client = try AccountsClient()
        client.get("/sign-in")
        let switched = client.post("/language", form: ["language": "en", "back": "//evil.example/"])
        #expect(switched.header("Location") == "/")
    }

    private func placeholders(_ text: String) -> Set<String> {
        var found: Set<String> = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            found.insert(String(rest[open...close]))
            rest = rest[rest.index(after: close)...]
        }
        return found
    }
}
