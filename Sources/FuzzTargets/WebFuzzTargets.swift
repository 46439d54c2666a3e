import Web

/// The web framework's own parsers: form bodies, Accept-Language, the router, HTML escaping.
enum WebFuzzTargets {
    static let all = [form, language, router, html]

    /// A URL-encoded body decodes or is refused (400); what decodes encodes and decodes to the same fields.
    static let form = FuzzTarget("form", "application/x-www-form-urlencoded bodies: decode, re-encode, decode") {
        bytes in
        guard let form = try? FormData(urlEncoded: bytes) else { return }
        let again = try? FormData(urlEncoded: Array(form.encoded.utf8))
        check(again?.fields == form.fields, "a decoded form does not survive re-encoding")
    }

    /// Any Accept-Language header gives a supported language or none.
    static let language = FuzzTarget("language", "Accept-Language headers") { bytes in
        _ = Language.preferred(acceptLanguage: String(decoding: bytes, as: UTF8.self))
    }

    /// The router over patterns like the app's: a path matches at most one route, and a parameter is one
    /// non-empty path segment.
    static let router = FuzzTarget("router", "request paths against literal and parameter routes") { bytes in
        let path = String(decoding: bytes, as: UTF8.self)
        for method in [HTTPMethod.get, .post, .head] {
            switch routes.match(method: method, path: path) {
            case .found(_, let parameters):
                for (_, value) in parameters {
                    check(!value.isEmpty && !value.contains("/"), "a parameter spans several path segments")
                }
            case .methodNotAllowed(let allowed):
                check(!allowed.isEmpty, "405 without an allowed method")
            case .notFound:
                break
            }
        }
    }

    static let routes: Router = {
        var router = Router()
        let ok: Responder = { _ in Response(body: []) }
        for pattern in [
            "/", "/healthz", "/sign-in", "/join/:code", "/survey/:task/:occurrence", "/survey/:task/:occurrence/upload",
            "/console/participants/:id", "/console/participants/:id/consent/:record/signature.png", "/static/:file",
        ] {
            router.get(pattern, ok)
        }
        router.post("/survey/:task/:occurrence", ok)
        return router
    }()

    /// Escaped text holds none of the characters that end an attribute or open a tag.
    static let html = FuzzTarget("html", "HTML escaping of arbitrary text") { bytes in
        let escaped = HTML.escape(String(decoding: bytes, as: UTF8.self))
        check(!escaped.contains(where: { "<>\"'".contains($0) }), "escaped text holds markup characters")
    }
}
