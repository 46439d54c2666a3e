/// Who may reach a group's routes: a rule the app supplies (the framework knows no accounts), checked once per
/// request on the matched route, after the app's middleware and before the handler.
///
/// On a route that takes a body larger than the router's, streams it to disk, or has a ``Route/beforeBody``
/// check, the middleware and the rule run first on the headers alone (``Request/bodyPending``): a request refused
/// is answered before any byte of its body is read, so a stranger cannot make the server take an upload only
/// to refuse it. The rule then runs again with the body.
///
/// ```swift
/// extension Access {
///     static let staff = Access("staff") { request in
///         guard let account = request.account else { return .answer(.redirect(to: "/sign-in")) }
///         guard account.isStaff else { throw HTTPError(.forbidden) }
///         return .allow
///     }
/// }
///
/// router.group("/console", access: .staff) { console in ... }
/// ```
public struct Access: Sendable {
    /// What a rule decides for a request: let it through to the handler, or answer in its place (a redirect
    /// to sign in, say). A refusal is thrown as an ``HTTPError``.
    public enum Decision: Sendable {
        /// On to the route's handler.
        case allow
        /// This response instead of the handler's.
        case answer(Response)
    }

    /// The rule's name, for logs and messages (`staff`).
    public let name: String
    private let decision: @Sendable (Request) throws -> Decision

    /// A rule named `name` that decides with `check` (which must not need the body: it runs on the headers
    /// alone first for routes with large bodies).
    public init(_ name: String, check: @escaping @Sendable (Request) throws -> Decision) {
        self.name = name
        decision = check
    }

    /// Anyone.
    public static let `public` = Access("public") { _ in .allow }

    /// The decision for `request`; throws the refusal.
    public func check(_ request: Request) throws -> Decision { try decision(request) }
}
