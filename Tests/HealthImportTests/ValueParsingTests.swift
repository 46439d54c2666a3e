import Foundation
import Testing

@testable import HealthImport

@Suite struct ValueParsingTests {
    private func timestamp(_ text: String) -> ExportTimestamp.Parsed {
        Array(text.utf8).withUnsafeBufferPointer { ExportTimestamp.parse($0) }
    }

    private func number(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer { DecimalValue.parse($0) }
    }

    @Test func timestampsWithAnOffsetNameTheirInstant() {
        #expect(timestamp("1970-01-01 00:00:00 +0000") == .instant(0))
        #expect(timestamp("2025-06-01 08:00:00 +0200") == .instant(1_748_757_600))
        #expect(timestamp("2025-06-01 08:00:00 +02:00") == .instant(1_748_757_600))
        #expect(timestamp("2024-02-29 23:59:59 -0530") == .instant(1_709_270_999))
        #expect(timestamp("1969-12-31 23:00:00 +0000") == .instant(-3600))
    }

    @Test func timestampsAgreeWithFoundationOverManyYears() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let seconds = Int64.random(in: -2_000_000_000...7_000_000_000, using: &generator)
            formatter.timeZone = TimeZone(secondsFromGMT: Int.random(in: -50...56, using: &generator) * 900)
            let text = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
            #expect(timestamp(text) == .instant(seconds), "\(text)")
        }
    }

    @Test func timestampsWithoutAnOffsetOrOutOfBoundsAreNotInstants() {
        #expect(timestamp("2025-06-01 08:00:00") == .withoutOffset)
        for text in [
            "2025-06-01T08:00:00 +0200", "2025-13-01 08:00:00 +0200", "2025-02-29 08:00:00 +0200",
            "2025-06-01 24:00:00 +0200", "2025-06-01 08:60:00 +0200", "2025-06-01 08:00:00 +1900",
            "2025-06-01 08:00:00 +02x0", "9999-06-01 08:00:00 +0200", "", "2025-06-01", "2025-06-01 08:00:00 Z",
            "2025-06-01 08:00:00 +0200 ", "२०२५-06-01 08:00:00 +0200",
        ] {
            #expect(timestamp(text) == .invalid, "\(text)")
        }
    }

    @Test func numbersAreReadExactlyLikeSwift() {
        for text in ["0", "12", "0.05", "-3.25", "25.123", "1e3", "1.5E-2", "+7", "123456789012345678901234", "5."] {
            #expect(number(text) == Double(text), "\(text)")
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let text = String(
                format: "%.*f", Int.random(in: 0...6, using: &generator),
                Double.random(in: 0...100_000, using: &generator))
            #expect(number(text) == Double(text), "\(text)")
        }
    }

    @Test func thingsThatAreNotFiniteDecimalNumbersAreRefused() {
        for text in [
            "", "-", ".", "nan", "NaN", "inf", "-infinity", "1e999", "0x1p3", "1,5", "1 ", " 1", "1e", "1e+",
            "1e12345", String(repeating: "1", count: 65),
        ] {
            #expect(number(text) == nil, "\(text)")
        }
    }

    @Test func daysRoundTripThroughDayNumbers() {
        for dayNumber in stride(from: -25_000, through: 84_000, by: 17) {
            let day = HealthDay(dayNumber: dayNumber)
            #expect(day.dayNumber == dayNumber)
        }
        #expect(HealthDay(dayNumber: 0).description == "1970-01-01")
        #expect(HealthDay(year: 2025, month: 2, day: 29) == nil)
    }
}
