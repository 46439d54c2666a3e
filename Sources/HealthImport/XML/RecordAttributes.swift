import Foundation

/// The attributes of one `<Record>` the import reads, as byte ranges into libxml2's buffer (valid only during
/// the start-element callback that found them).
struct RecordAttributes {
    var type: UnsafeBufferPointer<UInt8>?
    var sourceName: UnsafeBufferPointer<UInt8>?
    var unit: UnsafeBufferPointer<UInt8>?
    var startDate: UnsafeBufferPointer<UInt8>?
    var endDate: UnsafeBufferPointer<UInt8>?
    var value: UnsafeBufferPointer<UInt8>?
}

/// A fixed ASCII word compared with attribute bytes without making a `String`.
struct ByteWord: Sendable {
    let bytes: [UInt8]

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    func matches(_ other: UnsafeBufferPointer<UInt8>) -> Bool {
        Self.equal(bytes, other)
    }

    /// Whether `bytes` and `other` hold the same bytes.
    static func equal(_ bytes: [UInt8], _ other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard other.count == bytes.count else { return false }
        return bytes.withUnsafeBufferPointer { mine in
            guard let base = mine.baseAddress, let theirs = other.baseAddress else { return mine.count == 0 }
            return memcmp(base, theirs, mine.count) == 0
        }
    }
}

/// A small table from words to values, matched in order (the lists are short).
struct ByteWordTable<Value: Sendable>: Sendable {
    private let entries: [(word: ByteWord, value: Value)]

    init(_ entries: [(String, Value)]) {
        self.entries = entries.map { (ByteWord($0.0), $0.1) }
    }

    func value(for bytes: UnsafeBufferPointer<UInt8>) -> Value? {
        for entry in entries where entry.word.matches(bytes) { return entry.value }
        return nil
    }
}
