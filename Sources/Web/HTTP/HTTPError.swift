/// An error a handler throws to answer with a status and a localised message.
///
/// One place (``ErrorMiddleware``) turns it into an HTML page in the user's language or JSON; any
/// other error becomes a 500 with no internals.
///
/// ```swift
/// guard let invitation else { throw HTTPError(.notFound, "join.error.unknownCode") }
/// ```
public struct HTTPError: Error, Sendable, Hashable {
    /// The response status.
    public let status: HTTPStatus
    /// A localisation key for the message shown to the user.
    public let messageKey: String
    /// Extra response headers (for example `Allow` on a 405).
    public var headers: [String: String] = [:]

    /// An error with a status and, optionally, a message key (defaults to the status's own message).
    public init(_ status: HTTPStatus, _ messageKey: String? = nil) {
        self.status = status
        self.messageKey = messageKey ?? "error.\(status.code).message"
    }
}
