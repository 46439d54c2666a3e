/// An HTTP status code with its reason phrase.
public struct HTTPStatus: Sendable, Hashable, CustomStringConvertible {
    /// The numeric code.
    public let code: Int

    /// A status from its code.
    public init(_ code: Int) { self.code = code }

    /// Not sent as such: the chain's answer on a request's headers that lets its body be read
    /// (``Request/bodyPending``).
    public static let `continue` = HTTPStatus(100)
    public static let ok = HTTPStatus(200)
    public static let seeOther = HTTPStatus(303)
    public static let notModified = HTTPStatus(304)
    public static let badRequest = HTTPStatus(400)
    public static let unauthorized = HTTPStatus(401)
    public static let forbidden = HTTPStatus(403)
    public static let notFound = HTTPStatus(404)
    public static let methodNotAllowed = HTTPStatus(405)
    public static let conflict = HTTPStatus(409)
    public static let gone = HTTPStatus(410)
    public static let contentTooLarge = HTTPStatus(413)
    public static let unprocessableContent = HTTPStatus(422)
    public static let tooManyRequests = HTTPStatus(429)
    public static let internalServerError = HTTPStatus(500)
    public static let serviceUnavailable = HTTPStatus(503)

    public var description: String { String(code) }
}
