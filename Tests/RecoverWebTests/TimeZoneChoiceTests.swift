import Foundation
import Testing
import Web

@testable import RecoverWeb

/// The time zones offered by region and city in both languages, and the one rule every form that takes a zone
/// follows.
struct TimeZoneChoiceTests {
    /// "Region › label" of `identifier` in the list, nil when it is not offered.
    func option(_ identifier: String, _ language: Language) -> String? {
        for group in TimeZoneChoice.groups(for: language) {
            if let option = group.options.first(where: { $0.identifier == identifier }) {
                return "\(group.name) › \(option.label)"
            }
        }
        return nil
    }

    @Test func everyZoneIsOfferedOnceUnderItsRegionWithItsCity() throws {
        for language in Language.allCases {
            let offered = TimeZoneChoice.groups(for: language).flatMap(\.options).map(\.identifier)
            #expect(offered.sorted() == TimeZoneChoice.identifiers)
            #expect(Set(offered).count == offered.count)
        }
        #expect(option("Europe/Zurich", .english) == "Europe › Zurich (Europe/Zurich)")
        #expect(option("America/Sao_Paulo", .english) == "Americas › Sao Paulo (America/Sao_Paulo)")
        #expect(
            option("America/Argentina/Buenos_Aires", .english)
                == "Americas › Buenos Aires (America/Argentina/Buenos_Aires)")
        #expect(option("UTC", .english) == "Universal time › UTC")
        #expect(TimeZoneChoice.groups(for: .english).last?.name == "Universal time")
    }

    @Test func chineseLabelsNameThePlaceInChineseWithTheIdentifier() throws {
        #expect(option("America/New_York", .simplifiedChinese) == "美洲 › 纽约（America/New_York）")
        #expect(option("Europe/Zurich", .simplifiedChinese)?.hasPrefix("欧洲 › ") == true)
        let shanghai = try #require(option("Asia/Shanghai", .simplifiedChinese))
        #expect(shanghai.hasPrefix("亚洲 › ") && shanghai.hasSuffix("（Asia/Shanghai）"))
        #expect(!shanghai.contains("时间"), "a list of time zones need not say 'time' in each")
        // Regions and places in the collation of Chinese (by pinyin): 北极 (bei) before 欧洲 (ou) before 亚洲 (ya).
        let names = TimeZoneChoice.groups(for: .simplifiedChinese).map(\.name)
        let index = { (name: String) in names.firstIndex(of: name) ?? -1 }
        #expect(index("北极") < index("欧洲") && index("欧洲") < index("亚洲"))
    }

    @Test func onlyOfferedZonesAreKnown() {
        #expect(TimeZoneChoice.isKnown("Europe/Zurich"))
        #expect(TimeZoneChoice.isKnown("UTC"))
        for zone in ["", "Mars/Olympus", "GMT+0500", "Etc/GMT-3", "europe/zurich", "Europe/Zurich "] {
            #expect(!TimeZoneChoice.isKnown(zone), "\(zone)")
        }
        #expect(TimeZoneChoice.label("Europe/Zurich", language: .english) == "Zurich (Europe/Zurich)")
        #expect(TimeZoneChoice.label("Mars/Olympus", language: .english) == "Mars/Olympus")
    }
}
