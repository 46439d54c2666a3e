import Foundation

/// The bounded queue between a ``ResponseStream``'s producer thread and libmicrohttpd's content reader: the
/// producer waits while `capacity` bytes are queued (a slow client holds the export back instead of the server's
/// memory filling up), the reader waits while nothing is queued and the producer has not finished.
///
/// Either side may end it: the producer by finishing or failing, the transport by cancelling (the client went
/// away, or the server stops), after which the producer's next write throws ``BodyWriter/Cancelled``.
// Every stored property is read and written only under `condition`'s lock.
final class StreamChannel: @unchecked Sendable {
    /// What the reader gets.
    enum Read: Equatable {
        /// This many bytes were copied.
        case bytes(Int)
        /// The producer finished and everything was read.
        case end
        /// The producer failed (or fell silent for longer than the wait allowed): abort the connection.
        case failed
    }

    private let condition = NSCondition()
    private var chunks: [[UInt8]] = []
    /// How far the reader has read into `chunks[0]`.
    private var offset = 0
    private var queued = 0
    private var finished = false
    private var failed = false
    private var cancelled = false
    private var everWritten = false
    private let capacity: Int
    private let readerWait: Double

    /// A channel holding up to `capacity` bytes; the reader gives up on a producer silent for `readerWait` seconds.
    init(capacity: Int, readerWait: Double) {
        self.capacity = capacity
        self.readerWait = readerWait
    }

    /// Queues a copy of `bytes`, waiting while the queue is full; throws once the channel was cancelled.
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        condition.lock()
        defer { condition.unlock() }
        while queued >= capacity && !cancelled { condition.wait() }
        guard !cancelled else { throw BodyWriter.Cancelled() }
        chunks.append(Array(bytes))
        queued += bytes.count
        everWritten = true
        condition.broadcast()
    }

    /// The producer returned (`succeeded`) or threw.
    func finish(succeeded: Bool) {
        condition.lock()
        defer { condition.unlock() }
        if succeeded { finished = true } else { failed = true }
        condition.broadcast()
    }

    /// The transport is done with the response: drop what is queued and stop the producer at its next write.
    func cancel() {
        condition.lock()
        defer { condition.unlock() }
        cancelled = true
        chunks = []
        queued = 0
        condition.broadcast()
    }

    /// Waits until the producer has written something, finished or failed; returns whether it failed before
    /// writing anything (the transport then answers a plain 500 instead of the stream's status).
    func failedBeforeFirstBytes() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !everWritten && !finished && !failed { condition.wait() }
        return failed && !everWritten
    }

    /// Copies up to `count` queued bytes to `destination`, waiting for the producer when nothing is queued.
    func read(into destination: UnsafeMutableRawPointer, count: Int) -> Read {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: readerWait)
        while chunks.isEmpty && !finished && !failed && !cancelled {
            if !condition.wait(until: deadline) { return .failed }
        }
        guard !chunks.isEmpty else { return finished && !cancelled ? .end : .failed }
        var copied = 0
        while copied < count, let first = chunks.first {
            let taken = min(count - copied, first.count - offset)
            first.withUnsafeBytes { source in
                UnsafeMutableRawBufferPointer(start: destination + copied, count: taken).copyMemory(
                    from: UnsafeRawBufferPointer(rebasing: source[offset..<offset + taken]))
            }
            copied += taken
            offset += taken
            if offset == first.count {
                chunks.removeFirst()
                offset = 0
            }
        }
        queued -= copied
        condition.broadcast()
        return .bytes(copied)
    }
}
