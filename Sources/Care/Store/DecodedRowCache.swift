import Foundation
import Synchronization

/// Values decoded from one JSON column, by row id, each kept with the exact text it was decoded from.
///
/// A lookup hands back a kept value only when the row's text is byte for byte the text it was decoded from, so
/// a hit is exactly what decoding would return: no write, rollback or other database can make it stale.
/// Bounded by `entryLimit` entries and `textByteLimit` bytes of kept text: past either, the least recently used
/// half goes. Thread-safe; decoding runs outside the lock, so two readers missing the same row at once may both
/// decode it (the second value replaces the first; they are equal).
package final class DecodedRowCache<Value: Sendable>: Sendable {
    private struct Entry {
        var text: String
        var value: Value
        var lastUse: UInt64
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var textBytes = 0
        var clock: UInt64 = 0
        var decodes = 0
    }

    package let entryLimit: Int
    package let textByteLimit: Int
    private let state = Mutex(State())

    package init(entryLimit: Int, textByteLimit: Int) {
        self.entryLimit = max(entryLimit, 0)
        self.textByteLimit = max(textByteLimit, 0)
    }

    /// The value of row `id` whose column holds `text`: the kept one, or `decode(text)`, then kept.
    package func value(id: String, text: String, decode: (String) throws -> Value) throws -> Value {
        let kept: Value? = state.withLock { state in
            guard let index = state.entries.index(forKey: id), Self.sameBytes(state.entries.values[index].text, text)
            else { return nil }
            state.clock += 1
            state.entries.values[index].lastUse = state.clock
            return state.entries.values[index].value
        }
        if let kept { return kept }
        let value = try decode(text)
        state.withLock { state in
            state.decodes += 1
            keep(Entry(text: text, value: value, lastUse: 0), id: id, in: &state)
        }
        return value
    }

    /// How many values were decoded (misses) since the cache was made.
    package var decodeCount: Int { state.withLock { $0.decodes } }

    /// How many values are kept.
    package var count: Int { state.withLock { $0.entries.count } }

    /// How many bytes of text are kept.
    package var textBytes: Int { state.withLock { $0.textBytes } }

    /// Forgets every kept value.
    package func removeAll() {
        state.withLock { state in
            state.entries = [:]
            state.textBytes = 0
        }
    }

    private func keep(_ entry: Entry, id: String, in state: inout State) {
        let bytes = entry.text.utf8.count
        // A text over half the budget would push out everything else; it is decoded each time instead.
        guard entryLimit > 0, bytes <= textByteLimit / 2 else {
            if let stale = state.entries.removeValue(forKey: id) { state.textBytes -= stale.text.utf8.count }
            return
        }
        var entry = entry
        state.clock += 1
        entry.lastUse = state.clock
        if let replaced = state.entries.updateValue(entry, forKey: id) { state.textBytes -= replaced.text.utf8.count }
        state.textBytes += bytes
        guard state.entries.count > entryLimit || state.textBytes > textByteLimit else { return }
        // Keep the most recently used half of each limit: amortised, one sort per half-cache of misses.
        var kept: [String: Entry] = [:]
        var keptBytes = 0
        for (key, candidate) in state.entries.sorted(by: { $0.value.lastUse > $1.value.lastUse }) {
            let size = candidate.text.utf8.count
            guard kept.count < max(entryLimit / 2, 1), keptBytes + size <= textByteLimit / 2 else { break }
            kept[key] = candidate
            keptBytes += size
        }
        state.entries = kept
        state.textBytes = keptBytes
    }

    /// Byte equality, not `==` (which treats canonically equivalent Unicode as equal).
    private static func sameBytes(_ left: String, _ right: String) -> Bool {
        var left = left
        var right = right
        return left.withUTF8 { leftBytes in
            right.withUTF8 { rightBytes in
                guard leftBytes.count == rightBytes.count else { return false }
                guard let leftStart = leftBytes.baseAddress, let rightStart = rightBytes.baseAddress else {
                    return true
                }
                return memcmp(leftStart, rightStart, leftBytes.count) == 0
            }
        }
    }
}
