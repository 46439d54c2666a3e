/// Enforces the matched route's ``RouteAccess``: signed-out visitors of a page are sent to sign in
/// (other methods get a 401 page); participants get a 403 on staff routes.
public struct AuthMiddleware: Middleware {
    public init() {}

    public func respond(to request: Request, next: Responder) throws -> Response {
        switch request.access {
        case .public:
            break
        case .signedIn, .staff:
            guard let session = request.session else {
                if request.method == .get || request.method == .head, !request.prefersJSON {
                    return .redirect(to: "/sign-in")
                }
                throw HTTPError(.unauthorized)
            }
            if request.access == .staff, !session.account.role.isStaff {
                throw HTTPError(.forbidden, "error.staffOnly")
            }
        }
        return try next(request)
    }
}
