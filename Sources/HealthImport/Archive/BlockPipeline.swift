import Foundation

/// Inflates `export.xml` on a thread of its own, a few buffers ahead of the parser, so decompression (about an
/// eighth of the work) runs beside parsing on a second core; memory stays at `bufferCount` buffers.
///
/// Use: `start()`, then `next()` from one thread until nil or a throw, then always `close()`, which stops and
/// joins the producer before the archive may be touched again.
// @unchecked Sendable: the queues and flags are only used under `condition`; `archive` is used only by the
// producer between `start()` and the end of `close()`; each buffer's bytes belong to one side at a time (in
// `free` to the producer, in `ready` or `current` to the consumer).
final class BlockPipeline: @unchecked Sendable {
    static let bufferSize = 1 << 20
    static let bufferCount = 4

    private struct Filled {
        let buffer: UnsafeMutableRawBufferPointer
        let count: Int
        let consumed: Int64
    }

    private let archive: ExportArchive
    private let condition = NSCondition()
    private let buffers: [UnsafeMutableRawBufferPointer]
    private var free: [UnsafeMutableRawBufferPointer]
    private var ready: [Filled] = []
    private var ended = false
    private var failure: (any Error)?
    private var cancelled = false
    private var started = false
    private var joined = false
    private let finished = DispatchSemaphore(value: 0)
    /// The buffer the consumer is reading (consumer side only).
    private var current: UnsafeMutableRawBufferPointer?
    /// Compressed bytes consumed when the block last handed out was inflated (consumer side only).
    private(set) var consumedBytes: Int64 = 0

    init(archive: ExportArchive) {
        self.archive = archive
        buffers = (0..<Self.bufferCount).map { _ in
            UnsafeMutableRawBufferPointer.allocate(byteCount: Self.bufferSize, alignment: 16)
        }
        free = buffers
    }

    deinit {
        close()
        for buffer in buffers { buffer.deallocate() }
    }

    func start() {
        started = true
        Thread.detachNewThread { [self] in
            produce()
            finished.signal()
        }
    }

    /// The next inflated bytes, valid until the next call; nil at the end; the producer's error once its bytes
    /// are all handed out.
    func next() throws -> UnsafeRawBufferPointer? {
        condition.lock()
        defer { condition.unlock() }
        if let current {
            free.append(current)
            self.current = nil
            condition.broadcast()
        }
        while ready.isEmpty, !ended, failure == nil { condition.wait() }
        if !ready.isEmpty {
            let filled = ready.removeFirst()
            current = filled.buffer
            consumedBytes = filled.consumed
            return UnsafeRawBufferPointer(rebasing: filled.buffer[..<filled.count])
        }
        if let failure { throw failure }
        return nil
    }

    /// Stops the producer and waits for it; idempotent.
    func close() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
        if started, !joined {
            finished.wait()
            joined = true
        }
    }

    private func produce() {
        var leftover = UnsafeRawBufferPointer(start: nil, count: 0)
        while true {
            condition.lock()
            while free.isEmpty, !cancelled { condition.wait() }
            guard !cancelled, let buffer = free.popLast() else {
                condition.unlock()
                return
            }
            condition.unlock()
            var filled = 0
            var done = false
            var error: (any Error)?
            do {
                while filled < buffer.count {
                    if leftover.isEmpty {
                        guard let block = try archive.nextBlock() else {
                            done = true
                            break
                        }
                        leftover = block
                        continue
                    }
                    let count = min(leftover.count, buffer.count - filled)
                    if let source = leftover.baseAddress, let target = buffer.baseAddress {
                        (target + filled).copyMemory(from: source, byteCount: count)
                    }
                    leftover = UnsafeRawBufferPointer(rebasing: leftover.dropFirst(count))
                    filled += count
                }
            } catch let failed {
                error = failed
            }
            condition.lock()
            if filled > 0 {
                ready.append(Filled(buffer: buffer, count: filled, consumed: archive.consumedBytes))
            } else {
                free.append(buffer)
            }
            ended = ended || done
            if let error { failure = error }
            condition.broadcast()
            condition.unlock()
            if done || error != nil { return }
        }
    }
}
