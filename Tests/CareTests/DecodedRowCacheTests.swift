import Care
import Testing

/// The bounded row cache under `CareRecordCache`: limits, recency, and texts too large to keep.
@Suite struct DecodedRowCacheTests {
    @Test func rowCacheStaysWithinBothLimitsAndKeepsTheRecentlyUsed() throws {
        let cache = DecodedRowCache<String>(entryLimit: 8, textByteLimit: 100)
        let decode: (String) -> String = { $0.uppercased() }
        #expect(try cache.value(id: "hot", text: "hot row", decode: decode) == "HOT ROW")
        for index in 0..<50 {
            #expect(
                try cache.value(id: "row-\(index)", text: "text of row \(index)", decode: decode)
                    == "TEXT OF ROW \(index)")
            #expect(try cache.value(id: "hot", text: "hot row", decode: decode) == "HOT ROW")
            #expect(cache.count <= 8)
            #expect(cache.textBytes <= 100)
        }
        #expect(cache.decodeCount == 1 + 50)  // "hot" was used after every miss, so it was never evicted
        #expect(try cache.value(id: "hot", text: "hot row, changed", decode: decode) == "HOT ROW, CHANGED")
        #expect(try cache.value(id: "big", text: String(repeating: "x", count: 60), decode: decode).count == 60)
        #expect(try cache.value(id: "big", text: String(repeating: "x", count: 60), decode: decode).count == 60)
        #expect(cache.decodeCount == 1 + 50 + 1 + 2)  // a text over half the byte limit is not kept
        #expect(try cache.value(id: "hot", text: String(repeating: "y", count: 60), decode: decode).count == 60)
        #expect(try cache.value(id: "hot", text: "hot row, changed", decode: decode) == "HOT ROW, CHANGED")
        #expect(cache.decodeCount == 1 + 50 + 1 + 2 + 2)  // nor is the one it replaces
        #expect(cache.textBytes <= 100)
    }
}
