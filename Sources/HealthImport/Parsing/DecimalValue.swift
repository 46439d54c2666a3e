/// A record's `value` attribute as a finite number: `-12`, `0.05`, `1.5e3`; never `nan`, `inf` or hex.
enum DecimalValue {
    /// The longest value accepted; real ones are under 25 bytes.
    static let maximumLength = 64

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { power, _ in power * 10 }
    }

    /// The number, or nil when the bytes are not a plain decimal number or it is not finite.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard !bytes.isEmpty, bytes.count <= maximumLength else { return nil }
        var index = 0
        var negative = false
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") {
            negative = bytes[0] == UInt8(ascii: "-")
            index = 1
        }
        // Up to 19 significant digits fit a UInt64 exactly; later digits only move the decimal exponent.
        var mantissa: UInt64 = 0
        var significant = 0
        var exponent = 0
        var digitsSeen = 0
        var exact = true
        var afterPoint = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "."), !afterPoint {
                afterPoint = true
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                digitsSeen += 1
                if significant < 19 {
                    mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
                    if mantissa != 0 { significant += 1 }
                    if afterPoint { exponent -= 1 }
                } else {
                    if byte != UInt8(ascii: "0") { exact = false }
                    if !afterPoint { exponent += 1 }
                }
            } else {
                break
            }
            index += 1
        }
        guard digitsSeen > 0 else { return nil }
        if index < bytes.count {
            guard bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E"),
                let written = exponentValue(bytes, from: index + 1)
            else { return nil }
            exponent += written
        }
        let value: Double
        if exact, mantissa < (1 << 53), abs(exponent) <= 22 {
            // Both operands are exact doubles, so one rounding: the correctly rounded result.
            let power = powersOfTen[abs(exponent)]
            value = exponent < 0 ? Double(mantissa) / power : Double(mantissa) * power
        } else {
            guard let slow = Double(String(decoding: bytes, as: UTF8.self)) else { return nil }
            value = abs(slow)
        }
        guard value.isFinite else { return nil }
        return negative ? -value : value
    }

    /// `[+-]digits` to the end, at most 4 digits.
    private static func exponentValue(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        var sign = 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
        }
        let digits = bytes.count - index
        guard digits >= 1, digits <= 4 else { return nil }
        var value = 0
        while index < bytes.count {
            let digit = Int(bytes[index]) &- 48
            guard digit >= 0, digit <= 9 else { return nil }
            value = value * 10 + digit
            index += 1
        }
        return sign * value
    }
}
