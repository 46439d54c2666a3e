import Cryptography
import Testing

@Suite struct SHA256StreamTests {
    @Test func streamedDigestMatchesOneShotDigestWhateverTheChunking() {
        let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        for chunk in [1, 7, 64, 1000, 10_000] {
            var stream = SHA256Stream()
            var offset = 0
            while offset < bytes.count {
                let end = min(offset + chunk, bytes.count)
                stream.update(Array(bytes[offset..<end]))
                offset = end
            }
            #expect(stream.finish() == Crypto.sha256(bytes))
        }
    }

    @Test func emptyStreamGivesTheKnownEmptyDigest() {
        var stream = SHA256Stream()
        #expect(Crypto.hex(stream.finish()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }
}
