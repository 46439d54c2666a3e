import Cryptography
import RecoverData
import Web

/// Finds the signed-in session from the session cookie, settles the CSRF token, and the language:
/// the account's setting, else the language cookie, else `Accept-Language`, else English.
///
/// It sits outside ``ErrorMiddleware`` so that error pages are written in the user's language.
public struct SessionMiddleware: Middleware {
    /// The cookie that carries the session token (prefixed `__Host-` under TLS).
    public static let sessionCookie = "recover_session"
    /// The cookie that remembers a signed-out visitor's language choice.
    public static let languageCookie = "recover_lang"
    /// The cookie of signed-out visitors' CSRF token (double submit).
    public static let csrfCookie = "recover_csrf"

    /// Where session tokens are looked up and resumed.
    public let sessions: SessionManager

    /// The middleware over `sessions`, the same manager sign-in starts sessions with.
    public init(sessions: SessionManager) { self.sessions = sessions }

    /// Sets the request's session (or the account whose session expired), language and CSRF token, then passes
    /// it on; the response gets the new CSRF cookie on a page, and a cleared session cookie when the token sent
    /// resumed no session.
    public func respond(to request: Request, next: Responder) throws -> Response {
        var request = request
        let cookieName = Cookie.name(Self.sessionCookie, secure: request.isSecure)
        let token = request.cookies[cookieName]
        if let token, !token.isEmpty {
            switch try sessions.resumption(token: token) {
            case .live(let session): request.session = session
            case .expired(let accountID): request.expiredAccountID = accountID
            case .none: break
            }
        }
        request.language = Self.language(for: request)
        let newCSRFCookie = CSRFMiddleware.assignToken(
            &request, cookie: Self.csrfCookie, sessionToken: request.session?.entry.csrfToken,
            mint: { Crypto.randomToken(bytes: 32) })
        var response = try next(request)
        // Only pages carry forms; assets and health checks stay cookie-free (and cacheable).
        if let newCSRFCookie, response.header("Content-Type")?.hasPrefix("text/html") == true {
            response.cookies.append(newCSRFCookie)
        }
        if token != nil, request.session == nil, !response.cookies.contains(where: { $0.hasPrefix(cookieName + "=") }) {
            response.cookies.append(
                Cookie(name: cookieName, value: "", maxAge: 0, secure: request.isSecure).headerValue)
        }
        return response
    }

    static func language(for request: Request) -> Language {
        if let chosen = request.session?.account.language.flatMap(Language.init(rawValue:)) { return chosen }
        if let cookie = request.cookies[languageCookie], let language = Language(rawValue: cookie) { return language }
        if let header = request.headers["accept-language"], let language = Language.preferred(acceptLanguage: header) {
            return language
        }
        return .english
    }
}
