/// Builds `Set-Cookie` values with safe attributes: `Path=/; HttpOnly; SameSite=Lax`, `Secure` under TLS.
public struct Cookie: Sendable, Hashable {
    /// The cookie name (with the `__Host-` prefix already applied when wanted).
    public var name: String
    /// The value (must be cookie-safe, such as base64url tokens and language tags).
    public var value: String
    /// Lifetime in seconds; `nil` for a browser-session cookie, 0 to delete.
    public var maxAge: Int?
    /// Whether to send `Secure` (under TLS).
    public var secure: Bool

    /// A cookie with `Path=/; HttpOnly; SameSite=Lax`.
    public init(name: String, value: String, maxAge: Int? = nil, secure: Bool) {
        self.name = name
        self.value = value
        self.maxAge = maxAge
        self.secure = secure
    }

    /// The `Set-Cookie` header value.
    public var headerValue: String {
        var text = "\(name)=\(value); Path=/; HttpOnly; SameSite=Lax"
        if let maxAge { text += "; Max-Age=\(maxAge)" }
        if secure { text += "; Secure" }
        return text
    }

    /// The name to use for `base` on this connection: `__Host-` prefixed under TLS.
    public static func name(_ base: String, secure: Bool) -> String {
        secure ? "__Host-\(base)" : base
    }
}
