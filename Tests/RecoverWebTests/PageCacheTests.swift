import RecoverWeb
import Testing

/// The rendered-page cache keeps bodies and their coded forms per key within its entry and byte limits, least
/// recently used first out.
struct PageCacheTests {
    @Test func aKeptBodyIsServedForItsKeyOnly() {
        let cache = PageCache(entryLimit: 4, byteLimit: 1_000)
        cache.store(Array("one".utf8), for: "a")
        #expect(cache.body(for: "a") == Array("one".utf8))
        #expect(cache.body(for: "b") == nil)
    }

    @Test func theCacheStaysWithinItsEntryLimitDroppingTheLeastRecentlyUsed() {
        let cache = PageCache(entryLimit: 8, byteLimit: 1_000_000)
        for index in 0..<8 { cache.store([UInt8(index)], for: "k\(index)") }
        _ = cache.body(for: "k0")
        for index in 8..<40 {
            cache.store([UInt8(index)], for: "k\(index)")
            #expect(cache.usage.entries <= 8)
        }
        #expect(cache.body(for: "k39") == [39])
        #expect(cache.body(for: "k1") == nil)
    }

    @Test func aReadEntryOutlivesEntriesStoredAfterItButReadLess() {
        let cache = PageCache(entryLimit: 4, byteLimit: 1_000)
        for key in ["a", "b", "c", "d"] { cache.store(Array(key.utf8), for: key) }
        #expect(cache.body(for: "a") == Array("a".utf8))
        cache.store(Array("e".utf8), for: "e")
        #expect(cache.body(for: "a") == Array("a".utf8), "just read, so not the least recently used")
        #expect(cache.body(for: "b") == nil)
        #expect(cache.body(for: "e") == Array("e".utf8))
    }

    @Test func theCacheStaysWithinItsByteLimit() {
        let cache = PageCache(entryLimit: 100, byteLimit: 1_000)
        for index in 0..<50 {
            cache.store([UInt8](repeating: 1, count: 300), for: "k\(index)")
            #expect(cache.usage.bytes <= 1_000)
        }
        #expect(cache.body(for: "k49") != nil)
        cache.store([UInt8](repeating: 1, count: 2_000), for: "big")
        #expect(cache.body(for: "big") == nil, "a body over the whole budget is not kept")
        let empty = PageCache(entryLimit: 0)
        empty.store([1], for: "a")
        #expect(empty.body(for: "a") == nil)
    }

    @Test func aCodedBodyIsKeptBesideItsPageAndCountsAgainstTheBytes() {
        let cache = PageCache(entryLimit: 10, byteLimit: 1_000)
        cache.storeCoded([1, 2], of: [3], for: "gone", .brotli)
        #expect(cache.coded(for: "gone", .brotli) == nil, "no page, nothing coded kept")
        let page = [UInt8](repeating: 7, count: 400)
        cache.store(page, for: "a")
        cache.storeCoded([9], of: [UInt8](repeating: 6, count: 400), for: "a", .brotli)
        #expect(cache.coded(for: "a", .brotli) == nil, "coded from another body made for the key: not kept")
        cache.storeCoded([UInt8](repeating: 1, count: 100), of: page, for: "a", .brotli)
        #expect(cache.coded(for: "a", .brotli)?.count == 100)
        #expect(cache.coded(for: "a", .gzip) == nil)
        #expect(cache.usage.bytes == 500)
        let other = [UInt8](repeating: 8, count: 400)
        cache.store(other, for: "b")
        cache.storeCoded([UInt8](repeating: 2, count: 150), of: other, for: "b", .gzip)
        #expect(cache.usage.bytes <= 1_000, "the older page and its coded body make room")
        #expect(cache.body(for: "a") == nil)
        #expect(cache.coded(for: "b", .gzip)?.count == 150)
        cache.store([UInt8](repeating: 9, count: 10), for: "b")
        #expect(cache.coded(for: "b", .gzip) == nil, "a new body for the key drops its coded forms")
        #expect(cache.usage.bytes == 10)
    }
}
