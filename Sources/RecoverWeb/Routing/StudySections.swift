import Web

/// Sections of platform pages (the account page, the sign-in page) that read the study's records, made by the
/// study's routes and carried to the platform's handlers in the request: the platform pages need no store.
///
/// ```swift
/// router.prepare(.get, "/account") { request in request.studySections.account = try render(request) }
/// ```
struct StudySections: Sendable {
    /// The account page's sections between its preferences and its records (contact card, calendar link).
    var account: HTML = .empty
    /// Below the sign-in form: whom to contact for help.
    var signIn: HTML = .empty

    enum Key: RequestStorageKey {
        typealias Value = StudySections
    }
}

extension Request {
    /// The study's sections for the page this request shows (empty unless a study route prepared them).
    var studySections: StudySections {
        get { storage[StudySections.Key.self] ?? StudySections() }
        set { storage[StudySections.Key.self] = newValue }
    }
}

extension Router {
    /// Runs `prepare` on each request of the route `method pattern` before its handler, which keeps its access
    /// rule and body limit; nothing when there is no such route.
    mutating func prepare(
        _ method: HTTPMethod, _ pattern: String, _ prepare: @escaping @Sendable (inout Request) throws -> Void
    ) {
        guard let handler = route(method, pattern)?.handler else { return }
        replace(method, pattern) { request in
            var prepared = request
            try prepare(&prepared)
            return try handler(prepared)
        }
    }
}
