import CMicroHTTPD
import Foundation
import MHDShim

/// libmicrohttpd's callbacks. Nonisolated and capture-free: state travels through the `void *`
/// contexts as `Unmanaged` references (PLATFORM.md).
enum TransportCallbacks {
    /// The access handler. First call: check the head strictly (``RequestHead``: a 400 and the connection
    /// closed), match the route and remember a ``PendingRequest`` (answering now would turn keep-alive off).
    /// Calls with upload data: collect the body up to the route's limit. Last call: hand the ``Request`` to
    /// the application, queue the response.
    static let access: MHD_AccessHandlerCallback = {
        context, connection, url, method, version, upload, uploadSize, state in
        guard let context, let connection, let state else { return MHD_NO }
        let core = Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue()
        guard let stored = state.pointee else {
            let tracked = connectionState(connection)
            tracked?.enter(.answering)
            let head = readHead(connection, method: method, target: url, version: version)
            if head.problem() != nil { return refuse(connection, status: .badRequest) }
            if tracked?.isReserved == true,
                !core.configuration.reservedPaths.contains(url.map { String(cString: $0) } ?? "")
            {
                // A connection in the reserve serves health checks only: the server is full.
                return refuse(connection, status: .serviceUnavailable)
            }
            let pending = admit(core, connection, url, method, head)
            pending.connection = tracked
            state.pointee = Unmanaged.passRetained(pending).toOpaque()
            if pending.exceededLimit || pending.early != nil {
                // Answer before reading a body we will not keep; libmicrohttpd then closes.
                return respond(core, connection, pending)
            }
            tracked?.enter(.receivingBody)
            return MHD_YES
        }
        let pending = Unmanaged<PendingRequest>.fromOpaque(stored).takeUnretainedValue()
        if let uploadSize, uploadSize.pointee > 0 {
            pending.connection?.bodyBytes.add(uploadSize.pointee, ordering: .relaxed)
            if !pending.exceededLimit, let upload {
                let count = uploadSize.pointee
                if let spool = pending.spool {
                    if spool.byteCount + count > pending.limit.bytes {
                        pending.exceededLimit = true
                        pending.spool = nil
                    } else {
                        spool.write(UnsafeRawBufferPointer(start: upload, count: count))
                    }
                } else if pending.body.count + count > pending.limit.bytes {
                    pending.exceededLimit = true
                    pending.body = []
                } else {
                    upload.withMemoryRebound(to: UInt8.self, capacity: count) { bytes in
                        pending.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
                    }
                }
            }
            uploadSize.pointee = 0
            return MHD_YES
        }
        return respond(core, connection, pending)
    }

    /// The request of the headers, matched once by the application, which also says how large a body it takes,
    /// or answers on the headers alone (then nothing of the body is read, nor spooled).
    static func admit(
        _ core: ServerCore, _ connection: OpaquePointer, _ url: UnsafePointer<CChar>?, _ method: UnsafePointer<CChar>?,
        _ head: RequestHead
    ) -> PendingRequest {
        guard let method = method.flatMap({ HTTPMethod(rawValue: String(cString: $0)) }) else {
            return PendingRequest(request: nil, limit: core.application.router.bodyLimit)
        }
        var request = Request(
            method: method,
            path: url.map { String(cString: $0) } ?? "/",
            query: values(connection, .GET_ARGUMENT_KIND),
            headers: head.headers,
            cookies: values(connection, .COOKIE_KIND),
            clientAddress: clientAddress(connection),
            isSecure: core.configuration.usesTLS)
        let limit: BodyLimit
        switch core.application.admit(&request) {
        case .answer(let response):
            let pending = PendingRequest(request: request, limit: core.application.router.bodyLimit)
            pending.early = response
            return pending
        case .body(let routeLimit): limit = routeLimit
        }
        let pending = PendingRequest(request: request, limit: limit)
        let declared = request.headers["content-length"].flatMap { BoundedInteger.parse($0, in: 0...Int.max) }
        if let declared, declared > limit.bytes {
            pending.exceededLimit = true
        } else if let spooling = limit.spooling {
            pending.spool = UploadSpool(spooling)
        }
        return pending
    }

    /// Releases the ``PendingRequest`` when libmicrohttpd is done with a request; a kept-alive connection then
    /// waits for the next request's head, on the header deadline.
    static let completed: MHD_RequestCompletedCallback = { _, connection, state, _ in
        if let connection { connectionState(connection)?.enter(.awaitingHead) }
        guard let state, let stored = state.pointee else { return }
        Unmanaged<PendingRequest>.fromOpaque(stored).release()
        state.pointee = nil
    }

    static func respond(_ core: ServerCore, _ connection: OpaquePointer, _ pending: PendingRequest) -> MHD_Result {
        pending.connection?.enter(.answering)
        core.inFlight.add(1, ordering: .acquiringAndReleasing)
        defer { core.inFlight.subtract(1, ordering: .acquiringAndReleasing) }
        var response: Response
        if let early = pending.early {
            response = early
        } else if var request = pending.request {
            request.body = pending.body
            request.bodyExceededLimit = pending.exceededLimit
            request.upload = pending.spool?.finish()
            response = core.application.respond(toAdmitted: request)
        } else {
            response = Response.text("Not Implemented", status: HTTPStatus(501))
        }
        // A reserved connection serves one health check: keeping it alive would let a client hold the reserve.
        if pending.connection?.isReserved == true { response.headers["Connection"] = "close" }
        if let stream = response.stream { return queue(response, streaming: stream, core: core, on: connection) }
        return queue(response, on: connection)
    }

    /// Answers `status` with a plain text body and closes the connection (a request the transport refuses
    /// before the application sees it: a malformed head, or a full server).
    static func refuse(_ connection: OpaquePointer, status: HTTPStatus) -> MHD_Result {
        var response = Response.text(status == .badRequest ? "Bad Request" : "Service Unavailable", status: status)
        response.headers["Connection"] = "close"
        if status == .serviceUnavailable { response.headers["Retry-After"] = "5" }
        return queue(response, on: connection)
    }

    static func queue(_ response: Response, on connection: OpaquePointer) -> MHD_Result {
        var body = response.body
        let handle = body.withUnsafeMutableBytes { buffer in
            MHD_create_response_from_buffer(buffer.count, buffer.baseAddress, .RESPMEM_MUST_COPY)
        }
        guard let handle else { return MHD_NO }
        defer { MHD_destroy_response(handle) }
        return queue(response, handle: handle, on: connection)
    }

    /// Queues the libmicrohttpd response `handle` with `response`'s status, headers and cookies.
    static func queue(_ response: Response, handle: OpaquePointer, on connection: OpaquePointer) -> MHD_Result {
        for (name, value) in response.headers {
            _ = MHD_add_response_header(handle, name, value)
        }
        for cookie in response.cookies {
            _ = MHD_add_response_header(handle, "Set-Cookie", cookie)
        }
        return MHD_queue_response(connection, UInt32(response.status.code), handle)
    }

    /// Header, cookie or query values of the request, keys lower-cased for headers.
    static func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [String: String] {
        let collector = ValueCollector(lowercaseKeys: kind == .HEADER_KIND)
        let context = Unmanaged.passUnretained(collector).toOpaque()
        _ = MHD_get_connection_values(connection, kind, collectValue, context)
        return collector.values
    }

    static let collectValue: MHD_KeyValueIterator = { context, _, key, value in
        guard let context, let key else { return MHD_YES }
        let collector = Unmanaged<ValueCollector>.fromOpaque(context).takeUnretainedValue()
        let name = String(cString: key)
        let text = value.map { String(cString: $0) } ?? ""
        collector.values[collector.lowercaseKeys ? name.lowercased() : name] = text
        return MHD_YES
    }

    static func clientAddress(_ connection: OpaquePointer) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        guard recover_mhd_client_address(connection, &buffer, buffer.count) == 0 else { return "unknown" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Collects key/value pairs from `MHD_get_connection_values` (used on one thread, during one call).
final class ValueCollector {
    let lowercaseKeys: Bool
    var values: [String: String] = [:]

    init(lowercaseKeys: Bool) { self.lowercaseKeys = lowercaseKeys }
}

let MHD_YES = MHD_Result.YES
let MHD_NO = MHD_Result.NO
