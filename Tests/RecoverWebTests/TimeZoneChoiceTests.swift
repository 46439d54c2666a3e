import Foundation
import Testing
import Web

@testable import RecoverWeb

/// The time zones offered by region and city in both languages (every name ICU's), and the one rule every form
/// that takes a zone follows.
struct TimeZoneChoiceTests {
    let winter = Date(timeIntervalSince1970: 1_768_435_200)  // 2026-01-15
    let summer = Date(timeIntervalSince1970: 1_784_073_600)  // 2026-07-15

    /// "Region › label" of `identifier` in the list, nil when it is not listed.
    func option(_ identifier: String, _ language: Language, at now: Date? = nil) -> String? {
        for group in TimeZoneChoice.groups(for: language) {
            if let option = group.options.first(where: { $0.identifier == identifier }) {
                return "\(group.name) › \(TimeZoneChoice.label(option, language: language, at: now ?? winter))"
            }
        }
        return nil
    }

    /// The identifiers of the options whose name or words hold every one of `words`, as the filter box keeps.
    func found(_ words: [String], _ language: Language) -> [String] {
        TimeZoneChoice.groups(for: language).flatMap(\.options).filter { option in
            let text = "\(option.name) \(option.words)".lowercased()
            return words.allSatisfy { text.contains($0.lowercased()) }
        }.map(\.identifier)
    }

    @Test func everyZoneIsListedOnceOrByTheZoneOfItsCity() throws {
        for language in Language.allCases {
            let listed = TimeZoneChoice.groups(for: language).flatMap(\.options).map(\.identifier)
            #expect(Set(listed).count == listed.count)
            #expect(listed.count > 400)
            for identifier in TimeZoneChoice.identifiers {
                let zone = try #require(TimeZoneChoice.listedZone(for: identifier))
                #expect(listed.contains(zone), "\(identifier)")
                // An alias keeps its clock: the zone it is listed as has the same offset.
                let offsets = [identifier, zone].map { TimeZone(identifier: $0)?.secondsFromGMT(for: winter) }
                #expect(offsets[0] == offsets[1], "\(identifier) as \(zone)")
            }
            let names = TimeZoneChoice.groups(for: language).flatMap(\.options).map(\.name)
            #expect(Set(names).count == names.count, "no city twice in \(language)")
        }
        #expect(TimeZoneChoice.listedZone(for: "Asia/Chongqing") == "Asia/Shanghai")
        #expect(TimeZoneChoice.listedZone(for: "Europe/Kiev") == "Europe/Kyiv")
    }

    @Test func labelsNameTheCityAndTheOffsetOfTheDay() throws {
        #expect(option("Europe/London", .english) == "Europe › London (UTC+0)")
        #expect(option("Europe/London", .english, at: summer) == "Europe › London (UTC+1)")
        #expect(option("America/New_York", .english) == "Americas › New York (UTC\u{2212}5)")
        #expect(TimeZoneChoice.label("Asia/Kolkata", language: .english, at: winter) == "Kolkata (UTC+5:30)")
        #expect(option("Asia/Ho_Chi_Minh", .english) == "Asia › Ho Chi Minh City (UTC+7)")
        #expect(option("UTC", .english) == "Universal time › UTC")
        #expect(TimeZoneChoice.groups(for: .english).last?.name == "Universal time")
        #expect(TimeZoneChoice.label("Asia/Chongqing", language: .english, at: winter) == "Shanghai (UTC+8)")
        #expect(TimeZoneChoice.label("Mars/Olympus", language: .english, at: winter) == "Mars/Olympus")
    }

    @Test func chineseLabelsNameTheCityInChineseAsICUDoes() throws {
        #expect(option("Europe/London", .simplifiedChinese) == "欧洲 › 伦敦（UTC+0）")
        #expect(option("Asia/Shanghai", .simplifiedChinese) == "亚洲 › 上海（UTC+8）")
        #expect(option("America/New_York", .simplifiedChinese) == "美洲 › 纽约（UTC\u{2212}5）")
        // Regions and places in the collation of Chinese (by pinyin): 北极 (bei) before 欧洲 (ou) before 亚洲 (ya).
        let names = TimeZoneChoice.groups(for: .simplifiedChinese).map(\.name)
        let index = { (name: String) in names.firstIndex(of: name) ?? -1 }
        #expect(index("北极") < index("欧洲") && index("欧洲") < index("亚洲"))
    }

    @Test func aCityOrCountryIsFoundInEitherLanguage() {
        for language in Language.allCases {
            #expect(found(["london"], language) == ["Europe/London"])
            #expect(found(["上海"], language) == ["Asia/Shanghai"])
            #expect(found(["Shanghai"], language) == ["Asia/Shanghai"])
            #expect(found(["瑞士"], language) == ["Europe/Zurich"], "a one-zone country by its name")
            #expect(found(["Switzerland"], language) == ["Europe/Zurich"])
            #expect(found(["中国"], language).contains("Asia/Shanghai"))
        }
    }

    @Test func onlyKnownZonesAreAccepted() {
        #expect(TimeZoneChoice.isKnown("Europe/Zurich"))
        #expect(TimeZoneChoice.isKnown("Asia/Chongqing"), "an alias a browser may report is accepted")
        #expect(TimeZoneChoice.isKnown("Asia/Kolkata"), "a newer name ICU gives a listed city")
        #expect(TimeZoneChoice.isKnown("UTC"))
        for zone in ["", "Mars/Olympus", "GMT+0500", "Etc/GMT-3", "europe/zurich", "Europe/Zurich "] {
            #expect(!TimeZoneChoice.isKnown(zone), "\(zone)")
        }
    }
}
