import RecoverData
import Web

/// Behind a TLS-terminating proxy (`recover serve --trusted-proxy ADDR`), a request the proxy marks
/// `X-Forwarded-Proto: https` is treated as secure: cookies get `Secure` and the `__Host-` prefix, and
/// responses carry HSTS, as with `--tls-cert`. The header counts only on a connection from the trusted
/// proxy's address; from anyone else it is ignored.
struct TrustedProxyMiddleware: Middleware {
    let services: WebServices

    func respond(to request: Request, next: Responder) throws -> Response {
        guard !request.isSecure, let proxy = services.trustedProxy,
            NetworkAddress(request.clientAddress) == proxy,
            request.headers["x-forwarded-proto"]?.trimmingCharacters(in: .whitespaces).lowercased() == "https"
        else { return try next(request) }
        var secured = request
        secured.isSecure = true
        return try next(secured)
    }
}
