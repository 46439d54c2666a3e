import Foundation
import Web

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
    /// Whether the last streamed body (``ResponseStream``) was written to its end; false when its producer threw,
    /// where a client of the transport would see the connection cut before the body's end.
    public var lastStreamCompleted = true
    /// The socket address every request comes from (``Request/clientAddress``), as the transport would set it.
    public var clientAddress = "127.0.0.1"
    /// Headers added to every request that does not set them itself (`X-Forwarded-For`, `Accept-Language`);
    /// names are lower-cased.
    public var headers: [String: String] = [:] {
        didSet { headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 }) }
    }
    /// Sent as `Accept-Language` unless a request says otherwise.
    public var acceptLanguage: String? {
        get { headers["accept-language"] }
        set { headers["accept-language"] = newValue }
    }

    /// A client over `respond` (an app's `respond(to:)`) with `fixture`.
    public init(fixture: Fixture, respond: @escaping @Sendable (Request) -> Response) {
        self.fixture = fixture
        self.respond = respond
    }

    /// A second browser on the same app and fixture, in the same language: no cookies, no token yet, the
    /// default address and no other headers.
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

    /// Sends `request` from the client's address with its cookies and headers, then keeps what the response
    /// set.
    public mutating func send(_ request: Request) -> Response {
        var request = request
        request.cookies = cookies
        request.clientAddress = clientAddress
        request.headers.merge(headers) { own, _ in own }
        var response = respond(request)
        if let stream = response.stream {
            // Collected here as a client of the transport would read it; a stream that threw ends short.
            let collected = stream.collect()
            response.body = collected.body
            response.stream = nil
            lastStreamCompleted = collected.completed
        }
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

/// Browsers cross threads in tests that send requests in parallel.
extension TestClient: Sendable where Fixture: Sendable {}

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
