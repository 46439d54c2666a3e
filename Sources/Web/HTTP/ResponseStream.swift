/// A response body written while it is sent, for downloads too large to hold (exports): the handler checks the
/// request and answers with the headers and a ``ResponseStream``; the transport then runs `produce` on a thread of
/// its own, which writes the body through a ``BodyWriter`` as the client takes it (at most a few chunks are held
/// between the two, so memory stays flat whatever the body's size).
///
/// Errors are answered before the stream: a handler throws (a 4xx) before it returns one. Once the first bytes
/// are sent the status is said; an error of `produce` after that aborts the connection instead of ending the
/// body, so the client never takes a cut-off body for a complete one (with chunked encoding, the last chunk is
/// missing). An error before `produce` has written anything is still answered as a 500.
///
/// ```swift
/// router.get("/export.csv") { request in
///     guard try isAllowed(request) else { throw HTTPError(.forbidden) }
///     return Response.stream(headers: ["Content-Type": "text/csv"]) { body in
///         for line in lines { try body.write(Array(line.utf8)) }
///     }
/// }
/// ```
public struct ResponseStream: Sendable {
    /// Writes the body; throws to abort it. Runs on its own thread, once.
    public let produce: @Sendable (BodyWriter) throws -> Void

    /// A body written by `produce`.
    public init(_ produce: @escaping @Sendable (BodyWriter) throws -> Void) { self.produce = produce }

    /// Runs `produce` here, collecting the body (`WebTesting`'s in-process `TestClient`); `completed` is false when
    /// it threw, as a client of the transport would see a connection cut before the end.
    public func collect() -> (body: [UInt8], completed: Bool) {
        var body: [UInt8] = []
        let writer = BodyWriter { bytes in body.append(contentsOf: bytes) }
        do {
            try produce(writer)
            return (body, true)
        } catch {
            return (body, false)
        }
    }
}

/// Where a ``ResponseStream`` writes its body: each call hands the bytes on (to the transport's queue, which waits
/// while the client is behind). Throws ``BodyWriter/Cancelled`` once the client has gone, so the producer stops.
public final class BodyWriter {
    private let sink: (UnsafeRawBufferPointer) throws -> Void

    /// A writer handing every write to `sink`.
    public init(_ sink: @escaping (UnsafeRawBufferPointer) throws -> Void) { self.sink = sink }

    /// Writes `bytes` (copied before it returns).
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard !bytes.isEmpty else { return }
        try sink(bytes)
    }

    /// Writes `bytes`.
    public func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    /// The client went away (or the server is stopping) before the body was complete.
    public struct Cancelled: Error, CustomStringConvertible {
        /// `the client stopped reading the response`.
        public var description: String { "the client stopped reading the response" }
    }
}

extension Response {
    /// A response whose body `produce` writes while it is sent (``ResponseStream``).
    public static func stream(
        status: HTTPStatus = .ok, headers: [String: String],
        _ produce: @escaping @Sendable (BodyWriter) throws -> Void
    ) -> Response {
        var response = Response(status: status, headers: headers)
        response.stream = ResponseStream(produce)
        return response
    }
}
