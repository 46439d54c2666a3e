import Testing

@testable import Research

@Suite struct SaturatingIntTests {
    @Test func doublesBecomeIntsWithoutTrapping() {
        #expect(Int(saturating: 3.9) == 3)
        #expect(Int(saturating: -3.9) == -3)
        #expect(Int(saturating: .nan) == 0)
        #expect(Int(saturating: .infinity) == .max)
        #expect(Int(saturating: -.infinity) == .min)
        #expect(Int(saturating: 1e300) == .max)
        #expect(Int(saturating: -1e300) == .min)
        #expect(Int(saturating: 9.2e18) == 9_200_000_000_000_000_000)
    }
}
