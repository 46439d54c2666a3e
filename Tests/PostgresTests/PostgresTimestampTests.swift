import Foundation
import Testing

@testable import Postgres

@Suite struct PostgresTimestampTests {
    @Test func readsTheServersTimestampText() throws {
        let base = Date(timeIntervalSince1970: 1_774_767_909)  // 2026-03-29 07:05:09 UTC
        #expect(PostgresTimestamp.parse("2026-03-29 07:05:09+00", withOffset: true) == base)
        #expect(
            PostgresTimestamp.parse("2026-03-29 07:05:09.5+00", withOffset: true)
                == base.addingTimeInterval(0.5))
        #expect(
            PostgresTimestamp.parse("2026-03-29 09:05:09.000123+02", withOffset: true)
                == PostgresTimestamp.rounded(base.addingTimeInterval(0.000123)))
        #expect(PostgresTimestamp.parse("2026-03-29 07:14:30+00:09:21", withOffset: true) == base)
        #expect(PostgresTimestamp.parse("2026-03-29 07:05:09", withOffset: false) == base)
        #expect(PostgresTimestamp.parse("1970-01-01 00:00:00+00", withOffset: true) == Date(timeIntervalSince1970: 0))
        #expect(
            PostgresTimestamp.parse("0001-01-01 00:00:00+00 BC", withOffset: true)
                == Date(timeIntervalSince1970: -62_167_219_200))
        #expect(
            PostgresTimestamp.parse("10000-01-01 00:00:00+00", withOffset: true)
                == Date(timeIntervalSince1970: 253_402_300_800))
    }

    @Test(arguments: [
        "infinity", "-infinity", "", "2026-13-01 00:00:00+00", "2026-02-29 00:00:00+00", "2026-03-29T07:05:09Z",
        "2026-03-29 07:05:09.1234567+00", "2026-03-29 24:00:00+00", "2026-03-29 07:05:09", "2026-03-29 07:05:09+0",
    ])
    func refusesOtherText(_ text: String) {
        #expect(PostgresTimestamp.parse(text, withOffset: true) == nil)
    }

    @Test func roundingKeepsWholeMicroseconds() {
        let date = Date(timeIntervalSince1970: 1_774_767_909.123_456_7)
        let rounded = PostgresTimestamp.rounded(date)
        #expect(abs(rounded.timeIntervalSince1970 - 1_774_767_909.123_457) < 0.000_000_5)
        #expect(PostgresTimestamp.rounded(rounded) == rounded)
    }
}
