import Care
import Foundation
import Testing

/// The cached transition table answers exactly as `TimeZone` does.
@Suite struct ZoneRulesTests {
    @Test(arguments: ["America/New_York", "Australia/Lord_Howe", "Asia/Tokyo", "Pacific/Apia", "Europe/London"])
    func offsetsMatchFoundationEveryHalfHourForTwoYears(identifier: String) {
        let zone = Parse.zone(identifier)
        let rules = ZoneRules(zone)
        let start = Parse.day("2011-01-01").dayNumber * 86_400
        var mismatches = 0
        for step in 0..<(2 * 366 * 48) {
            let instant = start + step * 1800
            if rules.offset(atInstant: instant)
                != zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant)))
            {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
    }

    @Test func wallClockTimesMapByTheGapAndFirstPassRules() {
        let rules = ZoneRules(Parse.zone("America/New_York"))
        func text(_ local: String) -> String {
            ZonedTimeFormat.string(Parse.time(local).instant(in: rules), in: rules.zone)
        }
        #expect(text("2025-03-09T02:30") == "2025-03-09T03:30:00-04:00")
        #expect(text("2025-03-09T03:00") == "2025-03-09T03:00:00-04:00")
        #expect(text("2025-11-02T01:30") == "2025-11-02T01:30:00-04:00")
        #expect(text("2025-11-02T02:00") == "2025-11-02T02:00:00-05:00")
        #expect(
            text("1750-06-01T12:00")
                == ZonedTimeFormat.string(Parse.time("1750-06-01T12:00").instant(in: rules.zone), in: rules.zone))
        #expect(text("2300-07-01T12:00") == "2300-07-01T12:00:00-04:00")
    }

    @Test func sharedRulesAreReadOncePerZone() {
        let zone = Parse.zone("Europe/Zurich")
        #expect(ZoneRules.cached(zone).zone.identifier == "Europe/Zurich")
        #expect(ZoneRules.cached(zone).spread == ZoneRules(zone).spread)
        #expect(ZoneRules.cached(Parse.zone("UTC")).spread == 0)
    }
}
