import Synchronization
import Web

/// Rendered page bodies kept per process, keyed by the page's `ETag` (``PageTag``), which is made from
/// everything the page is a function of: the participant's and the study's versions (bumped in the
/// transaction of every write the page shows, by any instance), the page's kind and path, today, zone,
/// language, the CSRF token's hash, the build, and what else the page names (the feed's day and cookies). A
/// write changes the key, so an entry is never served for a state it was not made for; entries for old keys
/// are simply never asked again and age out.
///
/// The tag holds the session's CSRF token's hash, so a kept page is served only to the session it was made
/// for: a new tab or a reload that sent no `If-None-Match`, a browser whose cache dropped the page. Bounded by
/// entry count and bytes (bodies and their coded forms); the least recently used entries go first.
///
/// ```swift
/// if let body = cache.body(for: tag) {
///     return Response(headers: ["Content-Type": "text/html; charset=utf-8"], body: body)
/// }
/// cache.store(page.body, for: tag)
/// ```
public final class PageCache: Sendable {
    /// The largest number of entries kept.
    public let entryLimit: Int
    /// The most body bytes kept in all.
    public let byteLimit: Int

    private struct Entry {
        var body: [UInt8]
        var lastUsed: UInt64
        /// The body compressed, per coding, once a browser asked for it.
        var coded: [Compression.Coding: [UInt8]] = [:]

        var size: Int { coded.values.reduce(body.count) { $0 + $1.count } }
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    private let state = Mutex(State())

    /// A cache of at most `entryLimit` pages and `byteLimit` body bytes (both at least 0; 0 keeps nothing).
    public init(entryLimit: Int = 2_048, byteLimit: Int = 64 << 20) {
        self.entryLimit = max(0, entryLimit)
        self.byteLimit = max(0, byteLimit)
    }

    /// The body stored for `key`, if any, marked as just used.
    public func body(for key: String) -> [UInt8]? {
        state.withLock { state in
            guard var entry = state.entries[key] else { return nil }
            state.clock &+= 1
            entry.lastUsed = state.clock
            state.entries[key] = entry
            return entry.body
        }
    }

    /// Keeps `body` for `key`, dropping the least recently used entries while over either limit. A body
    /// larger than the byte limit is not kept.
    public func store(_ body: [UInt8], for key: String) {
        guard entryLimit > 0, body.count <= byteLimit else { return }
        state.withLock { state in
            state.clock &+= 1
            if let old = state.entries.updateValue(Entry(body: body, lastUsed: state.clock), forKey: key) {
                state.bytes -= old.size
            }
            state.bytes += body.count
            evict(keeping: key, &state)
        }
    }

    /// The body kept for `key` compressed with `coding`, if it was kept.
    public func coded(for key: String, _ coding: Compression.Coding) -> [UInt8]? {
        state.withLock { $0.entries[key]?.coded[coding] }
    }

    /// Keeps `bytes`, `body` compressed with `coding`, beside the body kept for `key`, when that is still `body`
    /// (two requests that both made the page for a key each store theirs; a coded form goes only with its own).
    public func storeCoded(_ bytes: [UInt8], of body: [UInt8], for key: String, _ coding: Compression.Coding) {
        state.withLock { state in
            guard var entry = state.entries[key], entry.body == body else { return }
            state.bytes += bytes.count - (entry.coded[coding]?.count ?? 0)
            entry.coded[coding] = bytes
            state.entries[key] = entry
            evict(keeping: key, &state)
        }
    }

    /// Drops the least recently used entries but `key` while over either limit; over the entry limit, an eighth
    /// more than needed, so a full cache sorts rarely.
    private func evict(keeping key: String, _ state: inout State) {
        guard state.entries.count > entryLimit || state.bytes > byteLimit else { return }
        let entryTarget = state.entries.count > entryLimit ? max(0, entryLimit - max(1, entryLimit / 8)) : entryLimit
        for (oldKey, entry) in state.entries.sorted(by: { $0.value.lastUsed < $1.value.lastUsed }) {
            guard state.entries.count > entryTarget || state.bytes > byteLimit else { break }
            guard oldKey != key else { continue }
            state.entries[oldKey] = nil
            state.bytes -= entry.size
        }
    }

    /// Drops every entry (a benchmark's first visits; nothing in serving needs it, since keys change on write).
    public func removeAll() {
        state.withLock { $0 = State() }
    }

    /// How many entries and body bytes are kept now.
    public var usage: (entries: Int, bytes: Int) {
        state.withLock { ($0.entries.count, $0.bytes) }
    }
}
