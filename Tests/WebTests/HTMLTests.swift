import Testing
import Web

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

    @Test func onlyTheNamedEscapeHatchInsertsRawMarkup() {
        let missing: HTML? = nil
        let html: HTML = "\(HTML.unsafeRaw("<br>"))\(HTML.text("<br>"))\(missing)\([HTML.empty, "<i>"].joined)"
        #expect(html.rendered == "<br>&lt;br&gt;<i>")
    }

    @Test func formFieldsDescribeTheirHintAndErrorForScreenReaders() {
        let field = FormField.input(
            name: "email", label: "Email <required>", type: "email", value: "a\"b", hint: "Your address",
            error: "Enter an address")
        #expect(field.rendered.contains("<label for=\"email\">Email &lt;required&gt;</label>"))
        #expect(field.rendered.contains("value=\"a&quot;b\""))
        #expect(field.rendered.contains("aria-describedby=\"email-hint email-error\""))
        #expect(field.rendered.contains("aria-invalid=\"true\" required"))
    }
}
