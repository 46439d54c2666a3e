import RecoverData
import RecoverWeb
import Testing
import Web

@Suite struct PageFrameTests {
    @Test func everyPageHasLangSkipLinkLanguageSwitchAndNoInlineScript() throws {
        var client = try AccountsClient()
        let page = client.get("/sign-in").text
        #expect(page.contains("<html lang=\"en\">"))
        #expect(page.contains("href=\"#main\""))
        #expect(page.contains("action=\"/language\""))
        #expect(!page.contains("<script>"))
        #expect(!page.contains("onclick"))
    }
}
