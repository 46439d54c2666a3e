import Cryptography
import Testing

@Suite struct HMACTests {
    @Test func hmacSHA256MatchesRFC4231TestCase2() {
        let tag = Crypto.hmacSHA256(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8))
        #expect(Crypto.hex(tag) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    @Test func aKeyLongerThanTheBlockIsHashedFirstAsRFC4231TestCase6Says() {
        let tag = Crypto.hmacSHA256(
            key: Array(repeating: 0xaa, count: 131),
            message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8))
        #expect(Crypto.hex(tag) == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }
}
