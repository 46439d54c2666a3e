import Foundation
import RecoverData
import Web

/// What the pages that check a password share: the client's address, the attempt the throttle counts, the
/// known-device cookie and the 429 answer (docs/security.md).
extension WebServices {
    /// The cookie that marks a browser as a known device of the accounts it signed in to.
    public static let deviceCookie = "recover_device"

    /// The client's address: the socket's, or, when the socket's is the trusted proxy, the one that proxy
    /// added to `X-Forwarded-For` (``Request/forwardedFor``: the last; earlier ones come from the client and
    /// prove nothing). A header that does not end in a numeric address leaves the socket's.
    public func clientAddress(of request: Request) -> String {
        let socket = NetworkAddress(request.clientAddress)
        guard let trustedProxy, socket == trustedProxy, let client = request.forwardedFor.flatMap(NetworkAddress.init)
        else { return socket?.text ?? request.clientAddress }
        return client.text
    }

    /// The throttle's view of a password check for `subject` from `request`: its address, and its device when
    /// the request carries a known-device token for `account`.
    public func attempt(_ subject: SignInThrottle.Subject, account: Account?, request: Request)
        -> SignInThrottle.Attempt
    {
        let device = account.flatMap { account in
            knownDevices.device(in: request.cookies[deviceCookieName(request)], for: account.id, now: now())
        }
        return SignInThrottle.Attempt(subject: subject, address: clientAddress(of: request), device: device)
    }

    /// The `Set-Cookie` value that adds `account` to the browser's known-device cookie.
    public func knownDeviceCookie(adding account: Account, for request: Request) -> String {
        let value = knownDevices.cookieValue(
            adding: account.id, to: request.cookies[deviceCookieName(request)], now: now())
        return Cookie(
            name: deviceCookieName(request), value: value, maxAge: Int(knownDevices.lifetime), secure: request.isSecure
        ).headerValue
    }

    private func deviceCookieName(_ request: Request) -> String {
        Cookie.name(Self.deviceCookie, secure: request.isSecure)
    }

    /// A 429 answer with `page`, telling the browser when to try again.
    static func tooManyAttempts(_ page: HTML, retryAfter seconds: Int) -> Response {
        var response = Response.html(page, status: .tooManyRequests)
        response.headers["Retry-After"] = String(seconds)
        return response
    }

    /// `key`'s message with `{wait}` as words: "30 seconds", "2 minutes" (rounded up).
    static func waitMessage(_ key: String, seconds: Int, _ t: Localizer) -> String {
        let wait =
            switch seconds {
            case ...1: t["wait.second"]
            case ..<60: t("wait.seconds", ["count": String(seconds)])
            case ...60: t["wait.minute"]
            default: t("wait.minutes", ["count": String((seconds + 59) / 60)])
            }
        return t(key, ["wait": wait])
    }
}
