import Foundation

/// The length of a WebM (Matroska) recording, read from the file's own timing, so the server does not rely on
/// the length the browser declares.
///
/// Browsers' MediaRecorder writes a live WebM: the Segment and each Cluster have an unknown size and the Info
/// has no Duration. So the walk reads the EBML elements in order: Info's `TimecodeScale` (and `Duration` when
/// there is one), and in each Cluster its `Timecode` and each SimpleBlock's or Block's relative timecode; the
/// length is from the first block to the last. Block payloads are skipped, not read. Anything that does not
/// parse is `nil` (the caller then has only the declared length); the walk is bounded in steps, so no input
/// makes it loop or trap.
///
/// ```swift
/// let seconds = WebMDuration.seconds(of: upload.file)   // 8.47, or nil
/// ```
enum WebMDuration {
    /// The recording's length in seconds, or `nil` when the file is not a WebM whose timing can be read.
    static func seconds(of file: URL) -> TimeInterval? {
        guard let source = FileBytes(file) else { return nil }
        return seconds(in: source)
    }

    static func seconds(in source: some ByteSource) -> TimeInterval? {
        var walk = Walk(source: source)
        return walk.run()
    }

    static let ebml: UInt32 = 0x1A45_DFA3
    static let segment: UInt32 = 0x1853_8067
    static let info: UInt32 = 0x1549_A966
    static let timecodeScale: UInt32 = 0x2A_D7B1
    static let duration: UInt32 = 0x4489
    static let cluster: UInt32 = 0x1F43_B675
    static let timecode: UInt32 = 0xE7
    static let simpleBlock: UInt32 = 0xA3
    static let blockGroup: UInt32 = 0xA0
    static let block: UInt32 = 0xA1
    /// The Segment's children: one of them ends a Cluster of unknown size.
    static let topLevel: Set<UInt32> = [
        cluster, info, 0x1C53_BB6B, 0x1654_AE6B, 0x1254_C367, 0x1043_A770, 0x1941_A469, 0x114D_9B74,
    ]

    /// An element's ID, where its data starts and its size (`nil`: unknown, up to the parent's end).
    struct Element {
        let id: UInt32
        let dataStart: Int
        let size: Int?
    }

    struct Walk<Source: ByteSource> {
        let source: Source
        var steps = 0
        var scale = 1_000_000.0
        var declared: Double?
        var first: Int?
        var last: Int?

        mutating func run() -> TimeInterval? {
            guard let header = element(at: 0), header.id == WebMDuration.ebml, let headerSize = header.size,
                let segment = element(at: header.dataStart + headerSize), segment.id == WebMDuration.segment
            else { return nil }
            let end = min(source.count, segment.size.map { segment.dataStart + $0 } ?? source.count)
            var position = segment.dataStart
            while position < end, let next = element(at: position) {
                if next.id == WebMDuration.cluster {
                    position = cluster(next, within: end)
                    continue
                }
                guard let size = next.size else { return nil }
                if next.id == WebMDuration.info { readInfo(from: next.dataStart, to: next.dataStart + size) }
                position = next.dataStart + size
            }
            if let declared, declared.isFinite, declared > 0 { return declared * scale / 1e9 }
            guard let first, let last, last >= first else { return nil }
            return Double(last - first) * scale / 1e9
        }

        /// Reads a Cluster's timecode and blocks; returns where the next top-level element starts.
        mutating func cluster(_ cluster: Element, within end: Int) -> Int {
            let clusterEnd = min(end, cluster.size.map { cluster.dataStart + $0 } ?? end)
            var base = 0
            var position = cluster.dataStart
            while position < clusterEnd, let child = element(at: position) {
                if cluster.size == nil, WebMDuration.topLevel.contains(child.id) { return position }
                guard let size = child.size else { return end }
                switch child.id {
                case WebMDuration.timecode: base = unsigned(at: child.dataStart, count: size) ?? base
                case WebMDuration.simpleBlock: note(blockAt: child.dataStart, base: base)
                case WebMDuration.blockGroup:
                    var inner = child.dataStart
                    while inner < child.dataStart + size, let part = element(at: inner), let partSize = part.size {
                        if part.id == WebMDuration.block { note(blockAt: part.dataStart, base: base) }
                        inner = part.dataStart + partSize
                    }
                default: break
                }
                position = child.dataStart + size
            }
            return max(position, clusterEnd)
        }

        mutating func readInfo(from start: Int, to end: Int) {
            var position = start
            while position < end, let child = element(at: position), let size = child.size {
                if child.id == WebMDuration.timecodeScale, let value = unsigned(at: child.dataStart, count: size),
                    value > 0
                {
                    scale = Double(value)
                }
                if child.id == WebMDuration.duration { declared = float(at: child.dataStart, count: size) }
                position = child.dataStart + size
            }
        }

        /// A block's time: the cluster's timecode plus the block's signed 16-bit relative timecode, after its
        /// track number.
        mutating func note(blockAt offset: Int, base: Int) {
            let head = source.bytes(at: offset, count: 10)
            guard let track = Self.vint(head, at: 0, maxLength: 8), head.count >= track.length + 2 else { return }
            let relative = Int(Int16(bitPattern: UInt16(head[track.length]) << 8 | UInt16(head[track.length + 1])))
            let (time, overflow) = base.addingReportingOverflow(relative)
            guard !overflow else { return }
            first = min(first ?? time, time)
            last = max(last ?? time, time)
        }

        /// The element at `offset`, counting a step (a bounded walk), or `nil` past the end or for bad bytes.
        mutating func element(at offset: Int) -> Element? {
            steps += 1
            guard steps < 2_000_000, offset >= 0, offset < source.count else { return nil }
            let head = source.bytes(at: offset, count: 12)
            guard let id = Self.vint(head, at: 0, maxLength: 4), let size = Self.vint(head, at: id.length, maxLength: 8)
            else { return nil }
            let marker = UInt64(1) << UInt64(7 * size.length)
            let isUnknown = size.value == marker - 1
            let dataStart = offset + id.length + size.length
            guard isUnknown || size.value <= UInt64(source.count) else { return nil }
            return Element(
                id: UInt32(truncatingIfNeeded: id.raw), dataStart: dataStart, size: isUnknown ? nil : Int(size.value))
        }

        func unsigned(at offset: Int, count: Int) -> Int? {
            guard (1...8).contains(count) else { return nil }
            let bytes = source.bytes(at: offset, count: count)
            guard bytes.count == count else { return nil }
            let value = bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            return value <= UInt64(Int.max) ? Int(value) : nil
        }

        func float(at offset: Int, count: Int) -> Double? {
            let bytes = source.bytes(at: offset, count: count)
            guard bytes.count == count else { return nil }
            let bits = bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            switch count {
            case 4: return Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits)))
            case 8: return Double(bitPattern: bits)
            default: return nil
            }
        }

        /// An EBML variable-length integer at `index`: its length (by the first byte's leading zeros), its value
        /// without the length marker, and its raw bytes (an element ID keeps the marker).
        static func vint(_ bytes: [UInt8], at index: Int, maxLength: Int) -> (length: Int, value: UInt64, raw: UInt64)?
        {
            guard index < bytes.count, bytes[index] != 0 else { return nil }
            let length = bytes[index].leadingZeroBitCount + 1
            guard length <= maxLength, index + length <= bytes.count else { return nil }
            var raw = UInt64(0)
            for byte in bytes[index..<(index + length)] { raw = raw << 8 | UInt64(byte) }
            let value = raw & ((UInt64(1) << UInt64(7 * length)) - 1)
            return (length, value, raw)
        }
    }
}

/// Bytes read by offset: a file, or an array in tests.
protocol ByteSource {
    /// The number of bytes.
    var count: Int { get }
    /// Up to `count` bytes from `offset` (fewer at the end).
    func bytes(at offset: Int, count: Int) -> [UInt8]
}

extension Array: ByteSource where Element == UInt8 {
    func bytes(at offset: Int, count: Int) -> [UInt8] {
        guard offset >= 0, offset < self.count, count > 0 else { return [] }
        return Array(self[offset..<Swift.min(self.count, offset + count)])
    }
}

/// A file read through a 64 KiB window, so walking its elements reads each part of it once.
final class FileBytes: ByteSource {
    private let handle: FileHandle
    let count: Int
    private var windowStart = 0
    private var window: [UInt8] = []

    init?(_ file: URL) {
        guard let handle = FileHandle(forReadingAtPath: file.path),
            let end = try? handle.seekToEnd(), end <= UInt64(Int.max)
        else { return nil }
        self.handle = handle
        count = Int(end)
    }

    deinit { try? handle.close() }

    func bytes(at offset: Int, count wanted: Int) -> [UInt8] {
        guard offset >= 0, offset < count, wanted > 0 else { return [] }
        if offset < windowStart || offset + wanted > windowStart + window.count {
            guard (try? handle.seek(toOffset: UInt64(offset))) != nil else { return [] }
            windowStart = offset
            window = Array((try? handle.read(upToCount: max(wanted, 64 * 1024))) ?? Data())
        }
        let start = offset - windowStart
        return Array(window[start..<min(window.count, start + wanted)])
    }
}
