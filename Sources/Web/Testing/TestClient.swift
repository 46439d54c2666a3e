import Foundation

/// An in-process browser for tests and benchmarks: sends requests through an app without a socket, keeps
/// the cookies it is given, and picks the CSRF token out of each page, the way Hummingbird's
/// `app.test(.router)` client does.
///
/// The client carries a fixture of the test's choosing (the app's database, a clock, ...); its members read
/// through the client (`client.database`), and a test suite adds its own steps in an extension.
///
/// ```swift
/// var client = TestClient(application)
/// client.get("/sign-in")
/// let response = client.post("/sign-in", form: ["email": "a@example.com", "password": "..."])
/// #expect(response.status == .seeOther)
/// ```
@dynamicMemberLookup
public struct TestClient<Fixture> {
    /// What the test built the app with.
    public let fixture: Fixture
    private let respond: @Sendable (Request) -> Response
    /// Cookies the app set and has not removed, by name.
    public var cookies: [String: String] = [:]
    /// The CSRF token of the last page that carried one (its `csrf` field).
    public var lastCSRF = ""
    /// The body of the last response, as text.
    public var lastPage = ""
    /// Sent as `Accept-Language` unless a request says otherwise.
    public var acceptLanguage: String?

    /// A client over `respond` (an app's `respond(to:)`) with `fixture`.
    public init(fixture: Fixture, respond: @escaping @Sendable (Request) -> Response) {
        self.fixture = fixture
        self.respond = respond
    }

    /// A second browser on the same app and fixture, in the same language: no cookies, no token yet.
    public init(sharing other: TestClient) {
        self.init(fixture: other.fixture, respond: other.respond)
        acceptLanguage = other.acceptLanguage
    }

    /// A member of the fixture.
    public subscript<Value>(dynamicMember keyPath: KeyPath<Fixture, Value>) -> Value { fixture[keyPath: keyPath] }

    /// Sends a GET.
    @discardableResult
    public mutating func get(
        _ path: String, query: [String: String] = [:], headers: [String: String] = [:]
    ) -> Response {
        send(Request(method: .get, path: path, query: query, headers: headers))
    }

    /// Posts a form of single values, with the last page's CSRF token unless `includeCSRF` is false.
    @discardableResult
    public mutating func post(_ path: String, form: [String: String], includeCSRF: Bool = true) -> Response {
        post(path, fields: form.mapValues { [$0] }, includeCSRF: includeCSRF)
    }

    /// Posts a form whose fields may repeat, with the last page's CSRF token unless `includeCSRF` is false.
    @discardableResult
    public mutating func post(_ path: String, fields: [String: [String]], includeCSRF: Bool = true) -> Response {
        var fields = fields
        if includeCSRF { fields[CSRFMiddleware.field] = [lastCSRF] }
        return send(
            Request(
                method: .post, path: path, headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: Array(FormData(fields: fields).encoded.utf8)))
    }

    /// Sends `request` with the client's cookies (and language), then keeps what the response set.
    public mutating func send(_ request: Request) -> Response {
        var request = request
        request.cookies = cookies
        if let acceptLanguage, request.headers["accept-language"] == nil {
            request.headers["accept-language"] = acceptLanguage
        }
        let response = respond(request)
        for cookie in response.cookies {
            let pair = cookie.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
            let value = pair.count > 1 ? String(pair[1]) : ""
            cookies[String(pair[0])] = cookie.contains("Max-Age=0") ? nil : value
        }
        lastPage = response.text
        if let token = Self.csrf(in: lastPage) { lastCSRF = token }
        return response
    }

    /// The value of the first `csrf` field in `html`.
    static func csrf(in html: String) -> String? {
        guard let range = html.range(of: "name=\"\(CSRFMiddleware.field)\" value=\"") else { return nil }
        let rest = html[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }
}

extension TestClient where Fixture == Application {
    /// A client over `application`, which is also its fixture (`client.router`).
    public init(_ application: Application) {
        self.init(fixture: application, respond: application.respond(to:))
    }
}

extension Response {
    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }
}
