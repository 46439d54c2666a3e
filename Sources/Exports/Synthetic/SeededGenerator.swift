import Foundation

/// SplitMix64: a small deterministic generator, so `--seed` reproduces the same synthetic data.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform double in 0..<1.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// A normally distributed double (Box-Muller), mean 0, standard deviation `deviation`.
    public mutating func normal(_ deviation: Double) -> Double {
        let u = max(unit(), 1e-12)
        return (-2 * _log(u)).squareRoot() * _cos(2 * Double.pi * unit()) * deviation
    }

    /// A lowercase UUID string from the generator.
    public mutating func uuid() -> String {
        let hex = Array("0123456789abcdef")
        var text = ""
        for index in 0..<32 {
            if [8, 12, 16, 20].contains(index) { text.append("-") }
            let nibble = index == 12 ? 4 : (index == 16 ? 8 + Int(next() % 4) : Int(next() % 16))
            text.append(hex[nibble])
        }
        return text
    }
}

private func _log(_ x: Double) -> Double { Foundation.log(x) }
private func _cos(_ x: Double) -> Double { Foundation.cos(x) }
