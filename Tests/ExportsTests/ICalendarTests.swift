import Care
import Foundation
import Testing

@testable import Exports

/// The iCalendar writer: TEXT escaping, folding at 75 octets without splitting a character, CRLF, and
/// `VTIMEZONE`s from the system's zone data for a zone without changes and two with daylight saving.
@Suite struct ICalendarTests {
    static func instant(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text))
    }

    static func zone(_ identifier: String) throws -> TimeZone { try #require(TimeZone(identifier: identifier)) }

    @Test func textValuesEscapeBackslashSemicolonCommaAndLineBreaks() {
        #expect(ICalendarText.escaped(#"a\b;c,d"#) == #"a\\b\;c\,d"#)
        #expect(ICalendarText.escaped("one\r\ntwo\nthree\rfour") == #"one\ntwo\nthree\nfour"#)
        #expect(ICalendarText.escaped("bell\u{07}gone") == "bellgone", "control characters are not TEXT")
        var lines = ICalendarText()
        lines.add("SUMMARY", text: "Check-in; daily, 08:00")
        #expect(lines.document == "SUMMARY:Check-in\\; daily\\, 08:00\r\n")
    }

    @Test func longLinesFoldAt75OctetsWithoutSplittingACharacter() {
        let ascii = ICalendarText.folded("DESCRIPTION:" + String(repeating: "x", count: 200))
        let asciiLines = ascii.components(separatedBy: "\r\n").dropLast()
        #expect(asciiLines.allSatisfy { $0.utf8.count <= 75 })
        #expect(asciiLines.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(asciiLines.first?.utf8.count == 75)
        #expect(
            asciiLines.enumerated().map { $0.offset == 0 ? String($0.element) : String($0.element.dropFirst()) }
                .joined() == "DESCRIPTION:" + String(repeating: "x", count: 200))
        // Chinese characters are 3 octets each: a line may not end inside one.
        let chinese = "SUMMARY:" + String(repeating: "每日打卡", count: 20)
        let folded = ICalendarText.folded(chinese)
        #expect(folded.hasSuffix("\r\n"))
        let physical = folded.components(separatedBy: "\r\n").dropLast()
        #expect(physical.count > 1)
        for line in physical {
            #expect(line.utf8.count <= 75)
            #expect(String(bytes: Array(line.utf8), encoding: .utf8) != nil, "each line is whole UTF-8")
        }
        let unfolded = physical.enumerated().map {
            $0.offset == 0 ? String($0.element) : String($0.element.dropFirst())
        }
        #expect(unfolded.joined() == chinese)
    }

    @Test func aZoneWithoutDaylightSavingHasOneStandardObservance() throws {
        let tokyo = try Self.zone("Asia/Tokyo")
        let zone = ICalendarTimeZone(
            tokyo, from: try Self.instant("2027-01-08T00:00:00Z"), to: try Self.instant("2027-02-27T00:00:00Z"))
        #expect(zone.observances.count == 1)
        var lines = ICalendarText()
        zone.write(to: &lines)
        #expect(lines.document.hasPrefix("BEGIN:VTIMEZONE\r\nTZID:Asia/Tokyo\r\n"))
        #expect(
            lines.document.contains(
                "BEGIN:STANDARD\r\nDTSTART:19700101T000000\r\nTZOFFSETFROM:+0900\r\nTZOFFSETTO:+0900\r\n"))
        #expect(lines.document.hasSuffix("END:STANDARD\r\nEND:VTIMEZONE\r\n"))
        #expect(!lines.document.contains("DAYLIGHT"))
    }

    @Test func newYorkHasItsObservanceInEffectAndBothChangesOfTheYear() throws {
        let newYork = try Self.zone("America/New_York")
        let zone = ICalendarTimeZone(
            newYork, from: try Self.instant("2027-02-01T00:00:00Z"), to: try Self.instant("2027-12-01T00:00:00Z"))
        let summary = zone.observances.map {
            "\($0.isDaylight ? "DAYLIGHT" : "STANDARD") \($0.localOnset) \(ICalendarTimeZone.offset($0.offsetFrom))"
                + " \(ICalendarTimeZone.offset($0.offsetTo))"
        }
        #expect(
            summary == [
                "STANDARD 20261101T020000 -0400 -0500", "DAYLIGHT 20270314T020000 -0500 -0400",
                "STANDARD 20271107T020000 -0400 -0500",
            ])
    }

    @Test func berlinChangesAtItsOwnLocalTimes() throws {
        let berlin = try Self.zone("Europe/Berlin")
        let zone = ICalendarTimeZone(
            berlin, from: try Self.instant("2027-03-01T00:00:00Z"), to: try Self.instant("2027-11-15T00:00:00Z"))
        var lines = ICalendarText()
        zone.write(to: &lines)
        let text = lines.document
        #expect(
            text.contains("BEGIN:DAYLIGHT\r\nDTSTART:20270328T020000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\n"))
        #expect(
            text.contains("BEGIN:STANDARD\r\nDTSTART:20271031T030000\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\n"))
        #expect(zone.observances.first?.isDaylight == false, "winter time is in effect when the window opens")
    }

    @Test func aFeedHasItsHeaderEventsAlarmsAndCRLFOnly() throws {
        let tokyo = try Self.zone("Asia/Tokyo")
        let start = try Self.instant("2027-01-15T23:00:00Z")  // 08:00 on the 16th in Tokyo
        let day = try #require(LocalDate("2027-01-16"))
        let opens = try Self.instant("2027-01-08T00:00:00Z")
        let closes = try Self.instant("2027-02-27T00:00:00Z")
        let feed = ICalendarFeed(
            name: "Recover, study", zone: tokyo, window: opens..<closes,
            stamp: try Self.instant("2027-01-15T10:00:00Z"),
            events: [
                ICalendarFeed.Event(
                    uid: "checkin-1-abc@recover", start: start, end: start.addingTimeInterval(3600), days: nil,
                    summary: "Check-in", url: "https://study.example/survey/checkin/1", alarm: "Check-in is due"),
                ICalendarFeed.Event(
                    uid: "weeklyDiary-0-abc@recover", start: start, end: start, days: day..<day.addingDays(1),
                    summary: "Diary", url: nil, alarm: nil),
            ])
        let text = feed.document
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "CRLF line ends only")
        for line in [
            "BEGIN:VCALENDAR", "VERSION:2.0", "CALSCALE:GREGORIAN", "METHOD:PUBLISH", "X-WR-CALNAME:Recover\\, study",
            "DTSTAMP:20270115T100000Z", "DTSTART;TZID=Asia/Tokyo:20270116T080000",
            "DTEND;TZID=Asia/Tokyo:20270116T090000", "URL:https://study.example/survey/checkin/1", "TRIGGER:PT0M",
            "ACTION:DISPLAY", "DESCRIPTION:Check-in is due", "DTSTART;VALUE=DATE:20270116",
            "DTEND;VALUE=DATE:20270117", "END:VCALENDAR",
        ] {
            #expect(text.contains(line + "\r\n"), "\(line)")
        }
        #expect(text.components(separatedBy: "BEGIN:VALARM").count == 2, "one alarm: the diary has none")
        #expect(ICalendarFeed.duration(9 * 3600) == "PT9H")
        #expect(ICalendarFeed.duration(-900) == "-PT15M")
        #expect(ICalendarFeed.duration(5430) == "PT1H30M30S")
    }
}
