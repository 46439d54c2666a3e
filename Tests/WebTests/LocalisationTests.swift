import Testing
import Web

@Suite struct LocalisationTests {
    @Test func acceptLanguagePicksByQuality() {
        #expect(Language.preferred(acceptLanguage: "fr, zh-CN;q=0.8, en;q=0.5") == .simplifiedChinese)
        #expect(Language.preferred(acceptLanguage: "zh-TW, en;q=0.1") == .english)
        #expect(Language.preferred(acceptLanguage: "de") == nil)
    }

    @Test func aMissingKeyFallsBackToEnglishThenToTheKey() {
        let catalog = Catalog([.english: ["a": "A", "b": "B"], .simplifiedChinese: ["a": "甲"]])
        let t = Localizer(.simplifiedChinese, catalog: catalog)
        #expect(t["a"] == "甲")
        #expect(t["b"] == "B")
        #expect(t["c"] == "c")
    }

    @Test func placeholdersAreFilledFromTheArguments() {
        let t = Localizer(.english, catalog: Catalog([.english: ["hello": "Hello, {name}: {name}!"]]))
        #expect(t("hello", ["name": "Ada"]) == "Hello, Ada: Ada!")
    }

    @Test func mergingKeepsTheFirstCatalogsStringForAKeyInBoth() {
        let platform = Catalog([.english: ["title": "Platform"]])
        let area = Catalog([.english: ["title": "Area", "area.only": "Only"], .simplifiedChinese: ["title": "区"]])
        let merged = platform.merging(area)
        #expect(merged.strings(for: .english) == ["title": "Platform", "area.only": "Only"])
        #expect(merged.strings(for: .simplifiedChinese) == ["title": "区"])
    }
}
