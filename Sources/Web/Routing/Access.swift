/// Who may reach a group's routes: a rule the app supplies (the framework knows no accounts), checked once per
/// request on the matched route, after the app's middleware and before the handler.
///
/// ```swift
/// extension Access {
///     static let staff = Access("staff", mayPass: { $0.cookies["session"] != nil }) { request in
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
    private let mayPassOnHeaders: @Sendable (Request) -> Bool
    private let decision: @Sendable (Request) throws -> Decision

    /// A rule named `name` that decides with `check`.
    /// - Parameter mayPass: whether a request could pass, judged on its headers alone before its body
    ///   arrives (a cookie is there, say; no storage). A request that could not is held to the router's own
    ///   body limit instead of a larger one of its group, so a stranger cannot make the server take a large
    ///   upload only to refuse it.
    public init(
        _ name: String, mayPass: @escaping @Sendable (Request) -> Bool = { _ in true },
        check: @escaping @Sendable (Request) throws -> Decision
    ) {
        self.name = name
        mayPassOnHeaders = mayPass
        decision = check
    }

    /// Anyone.
    public static let `public` = Access("public") { _ in .allow }

    /// The decision for `request`; throws the refusal.
    public func check(_ request: Request) throws -> Decision { try decision(request) }

    /// Whether `request` could pass, judged on its headers before its body arrives.
    public func mayPass(_ request: Request) -> Bool { mayPassOnHeaders(request) }
}
