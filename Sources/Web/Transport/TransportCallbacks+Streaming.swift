import CMicroHTTPD
import Foundation
import MHDShim

/// Streamed bodies (``ResponseStream``): a libmicrohttpd response of unknown size read through a content reader
/// callback (`MHD_create_response_from_callback`), sent with chunked encoding, fed by the stream's producer on a
/// thread of its own through a ``StreamChannel``.
///
/// The worker thread waits in the reader only while the producer has nothing queued (a database read, normally
/// far faster than the network); when the client is slow, libmicrohttpd calls the reader only as the socket takes
/// bytes, and the producer waits on the full channel instead.
extension TransportCallbacks {
    /// The bytes libmicrohttpd asks for at a time, and the chunks the channel holds at most.
    static let streamBlockSize = 1 << 16
    static let streamChunksQueued = 4

    /// Queues `response`, whose body `stream` writes: starts the producer, waits for its first bytes (an error
    /// before any is a plain 500, its status not yet sent), then hands libmicrohttpd a reader of the channel.
    static func queue(
        _ response: Response, streaming stream: ResponseStream, core: ServerCore, on connection: OpaquePointer
    ) -> MHD_Result {
        let channel = StreamChannel(
            capacity: streamBlockSize * streamChunksQueued, readerWait: Double(core.configuration.connectionTimeout))
        // Counted until the producer returns, so a stopping server waits for downloads as for other requests.
        core.inFlight.add(1, ordering: .acquiringAndReleasing)
        let producer = Thread {
            var succeeded = true
            do {
                try stream.produce(BodyWriter { bytes in try channel.write(bytes) })
            } catch {
                succeeded = false
            }
            channel.finish(succeeded: succeeded)
            core.inFlight.subtract(1, ordering: .acquiringAndReleasing)
        }
        producer.name = "response-stream"
        producer.start()
        if channel.failedBeforeFirstBytes() {
            var failure = Response.text("Internal Server Error", status: .internalServerError)
            for (name, value) in response.headers where !isBodyHeader(name) { failure.headers[name] = value }
            return queue(failure, on: connection)
        }
        // Released by `streamFreed`, which libmicrohttpd calls once it is done with the response.
        let context = Unmanaged.passRetained(channel).toOpaque()
        guard
            let handle = MHD_create_response_from_callback(
                UInt64.max, streamBlockSize, streamRead, context, streamFreed)
        else {
            channel.cancel()
            Unmanaged<StreamChannel>.fromOpaque(context).release()
            return MHD_NO
        }
        defer { MHD_destroy_response(handle) }
        return queue(response, handle: handle, on: connection)
    }

    /// libmicrohttpd's content reader: the next queued bytes, the end of the body, or an error that makes it close
    /// the connection without the last chunk, so a cut-off body never looks complete.
    static let streamRead: MHD_ContentReaderCallback = { context, _, buffer, count in
        guard let context, let buffer else { return contentReaderError }
        let channel = Unmanaged<StreamChannel>.fromOpaque(context).takeUnretainedValue()
        switch channel.read(into: UnsafeMutableRawPointer(buffer), count: count) {
        case .bytes(let copied): return copied
        case .end: return contentReaderEnd
        case .failed: return contentReaderError
        }
    }

    /// libmicrohttpd is done with the response (sent, the client gone, or the daemon stopping): the producer stops.
    static let streamFreed: MHD_ContentReaderFreeCallback = { context in
        guard let context else { return }
        let channel = Unmanaged<StreamChannel>.fromOpaque(context)
        channel.takeUnretainedValue().cancel()
        channel.release()
    }

    /// `MHD_CONTENT_READER_END_OF_STREAM` and `MHD_CONTENT_READER_END_WITH_ERROR` (casts Swift does not import).
    static let contentReaderEnd = -1
    static let contentReaderError = -2

    /// Headers that describe the stream's body, not kept on the 500 that replaces it.
    static func isBodyHeader(_ name: String) -> Bool {
        Response.asciiCaseInsensitiveEqual(name, "Content-Type")
            || Response.asciiCaseInsensitiveEqual(name, "Content-Disposition")
    }
}
