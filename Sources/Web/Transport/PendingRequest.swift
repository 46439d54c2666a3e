/// What the transport collects about one request between libmicrohttpd's calls of the access
/// handler: the request with its headers and its route on the first call, the body chunk by chunk after.
final class PendingRequest {
    /// The request as matched by the application; `nil` for a method the framework does not answer (501).
    var request: Request?
    /// The limit of the matched route (the router's when nothing matched).
    var limit: BodyLimit
    var body: [UInt8] = []
    var exceededLimit = false
    /// Set when the route streams bodies to disk: the body goes to a temporary file instead of `body`.
    var spool: UploadSpool?
    /// The answer given on the headers alone (a refusal before the body), sent without reading the body.
    var early: Response?
    /// The connection's state, for the deadlines (the body's progress).
    var connection: ConnectionState?

    init(request: Request?, limit: BodyLimit) {
        self.request = request
        self.limit = limit
    }
}
