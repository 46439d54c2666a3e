import CMicroHTTPD
import Foundation
import MHDShim

/// The callbacks about connections and request heads: a ``ConnectionState`` per TCP connection, the raw
/// request target, and the head as ``RequestHead`` reads it.
extension TransportCallbacks {
    /// A connection opened or closed (`MHD_OPTION_NOTIFY_CONNECTION`): its ``ConnectionState`` is made by the
    /// ``ConnectionGuard`` and kept in the socket context, and leaves the guard and is released when it closes
    /// (libmicrohttpd calls this for every connection it announced, before it closes the socket).
    static let connectionChanged: MHD_NotifyConnectionCallback = { context, connection, socketContext, code in
        guard let context, let connection, let socketContext else { return }
        let core = Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue()
        if code == .CONNECTION_NOTIFY_STARTED {
            let state = core.connections.opened(socket: recover_mhd_connection_fd(connection))
            socketContext.pointee = Unmanaged.passRetained(state).toOpaque()
        } else if let stored = socketContext.pointee {
            let state = Unmanaged<ConnectionState>.fromOpaque(stored)
            core.connections.closed(state.takeUnretainedValue())
            state.release()
            socketContext.pointee = nil
        }
    }

    /// The request line has arrived (`MHD_OPTION_URI_LOG_CALLBACK`): the target, before libmicrohttpd decodes
    /// it in place, goes to the connection's state. Returns no request context (the access handler's first
    /// call makes it).
    static let targetArrived: recover_mhd_uri_log_callback = { _, uri, connection in
        guard let uri, let connection, let state = connectionState(connection) else { return nil }
        state.requestLine(target: UnsafeRawBufferPointer(start: uri, count: strlen(uri)))
        return nil
    }

    /// The connection's state, or `nil` when it has none (not announced).
    static func connectionState(_ connection: OpaquePointer) -> ConnectionState? {
        recover_mhd_socket_context(connection).map { Unmanaged<ConnectionState>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The head of the request on `connection` with where its parts sit, from the pointers libmicrohttpd gives
    /// the access handler and the header iterator, all relative to the method's.
    static func readHead(
        _ connection: OpaquePointer, method: UnsafePointer<CChar>?, target: UnsafePointer<CChar>?,
        version: UnsafePointer<CChar>?
    ) -> RequestHead {
        let base = method.map { Int(bitPattern: $0) } ?? 0
        let offset = { (pointer: UnsafePointer<CChar>?) in pointer.map { Int(bitPattern: $0) - base } ?? -1 }
        let state = connectionState(connection)
        let rawLength = state?.rawTargetLength.load(ordering: .relaxed) ?? -1
        var head = RequestHead(
            methodLength: method.map { strlen($0) } ?? 0, targetOffset: offset(target),
            rawTargetLength: rawLength >= 0 ? rawLength : nil, versionOffset: offset(version),
            version: version.map { String(cString: $0) } ?? "")
        head.rawTargetRefused = state?.rawTargetRefused.load(ordering: .relaxed) ?? false
        head.headSize = recover_mhd_request_header_size(connection)
        let collector = FieldCollector(base: base)
        _ = MHD_get_connection_values(
            connection, .HEADER_KIND, collectField, Unmanaged.passUnretained(collector).toOpaque())
        head.fields = collector.fields
        return head
    }

    static let collectField: MHD_KeyValueIterator = { context, _, key, value in
        guard let context, let key else { return MHD_YES }
        let collector = Unmanaged<FieldCollector>.fromOpaque(context).takeUnretainedValue()
        let bytes = { (pointer: UnsafePointer<CChar>) in
            Array(UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)))
        }
        collector.fields.append(
            RequestHead.Field(
                name: bytes(key), value: value.map(bytes) ?? [],
                nameOffset: Int(bitPattern: key) - collector.base,
                valueOffset: value.map { Int(bitPattern: $0) - collector.base } ?? -1))
        return MHD_YES
    }
}

/// Collects a head's fields in order from `MHD_get_connection_values` (used on one thread, during one call).
final class FieldCollector {
    let base: Int
    var fields: [RequestHead.Field] = []

    init(base: Int) { self.base = base }
}

extension RequestHead {
    /// The header values by lower-cased name (the last of repeated names), as ``Request/headers`` has them.
    var headers: [String: String] {
        var headers: [String: String] = [:]
        for field in fields {
            headers[String(decoding: field.name, as: UTF8.self).lowercased()] = String(
                decoding: field.value, as: UTF8.self)
        }
        return headers
    }
}
