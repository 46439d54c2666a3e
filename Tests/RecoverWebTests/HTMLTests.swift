import RecoverData
import RecoverWeb
import Testing

@Suite struct HTMLTests {
    @Test func interpolatedTextIsEscaped() {
        let name = "<script>alert('x') & \"y\"</script>"
        let html: HTML = "<p>\(name)</p>"
        #expect(html.rendered == "<p>&lt;script&gt;alert(&#39;x&#39;) &amp; &quot;y&quot;&lt;/script&gt;</p>")
    }

    @Test func interpolatedHTMLAndNumbersAreInsertedSafely() {
        let inner: HTML = "<em>\("a<b")</em>"
        let html: HTML = "<p>\(inner) \(42)</p>"
        #expect(html.rendered == "<p><em>a&lt;b</em> 42</p>")
    }

    @Test func listsConcatenate() {
        let items = ["a", "<b>"].map { item in HTML("<li>\(item)</li>") }
        let html: HTML = "<ul>\(items)</ul>"
        #expect(html.rendered == "<ul><li>a</li><li>&lt;b&gt;</li></ul>")
    }

    @Test func everyPageHasLangSkipLinkLanguageSwitchAndNoInlineScript() throws {
        var client = try TestClient()
        let page = client.get("/sign-in").text
        #expect(page.contains("<html lang=\"en\">"))
        #expect(page.contains("href=\"#main\""))
        #expect(page.contains("action=\"/language\""))
        #expect(!page.contains("<script>"))
        #expect(!page.contains("onclick"))
    }
}
