import Testing
import Web

@Suite struct FormDataTests {
    @Test func aURLEncodedBodyDecodesPlusAndPercentEscapesAndKeepsRepeatedFields() throws {
        let form = try FormData(urlEncoded: Array("name=Ada+Lovelace&city=Z%C3%BCrich&tag=a&tag=b&empty=&flag".utf8))
        #expect(form["name"] == "Ada Lovelace")
        #expect(form["city"] == "Zürich")
        #expect(form.fields["tag"] == ["a", "b"])
        #expect(form["empty"] == "")
        #expect(form["flag"] == "")
        #expect(form["missing"] == nil)
        #expect(try form.required("tag") == "a")
    }

    @Test func aMalformedBodyOrAMissingRequiredFieldIsA400() {
        #expect(throws: HTTPError(.badRequest, "error.badForm")) { try FormData(urlEncoded: Array("a=%E2%28".utf8)) }
        #expect(throws: HTTPError(.badRequest, "error.badForm")) { try FormData(urlEncoded: [0xFF, 0xFE]) }
        #expect(throws: HTTPError(.badRequest, "error.badForm")) { try FormData(urlEncoded: Array("a=%zz".utf8)) }
        #expect(throws: HTTPError(.badRequest, "error.badForm")) { try FormData([:]).required("email") }
    }

    @Test func escapesDecodeInEitherCaseAndATruncatedEscapeIsA400() throws {
        let form = try FormData(urlEncoded: Array("n%61me=%41%62+c%c3%bc%2b&x=%25".utf8))
        #expect(form["name"] == "Ab cü+")
        #expect(form["x"] == "%")
        for broken in ["a=%4", "a=%", "a=b%", "%zz=1", "a=%C3"] {
            #expect(throws: HTTPError(.badRequest, "error.badForm"), "\(broken)") {
                try FormData(urlEncoded: Array(broken.utf8))
            }
        }
    }

    @Test func encodingRoundTrips() throws {
        let form = FormData(fields: ["b": ["x y", "&="], "a": ["ü/?"]])
        #expect(form.encoded == "a=%C3%BC%2F%3F&b=x%20y&b=%26%3D")
        #expect(try FormData(urlEncoded: Array(form.encoded.utf8)) == form)
    }

    @Test func aRequestFormNeedsTheFormContentType() throws {
        let body = Array("a=1".utf8)
        let form = Request(
            method: .post, path: "/", headers: ["Content-Type": "application/x-www-form-urlencoded; charset=utf-8"],
            body: body)
        #expect(try form.form()["a"] == "1")
        let json = Request(method: .post, path: "/", headers: ["Content-Type": "application/json"], body: body)
        #expect(throws: HTTPError(.badRequest, "error.badForm")) { try json.form() }
    }
}
