/// What the transport collects about one request between libmicrohttpd's calls of the access
/// handler: the headers on the first call, the body chunk by chunk after.
final class PendingRequest {
    var body: [UInt8] = []
    var exceededLimit = false
    var declaredLength: Int?
    /// Set for upload routes (``UploadSpooling``): the body goes to a temporary file instead of `body`.
    var spool: UploadSpool?

    init() {}
}
