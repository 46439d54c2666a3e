import Care
import Testing
import Web

@testable import RecoverWeb

/// The insights charts' day labels: the last day always, every seventh day where it leaves room, no two labels
/// touching in either language (the Chinese "11月29日" and "12月5日" used to overlap at the axis's end).
@Suite struct DayLabelTests {
    func frame(_ language: Language, days count: Int) throws -> DailyBarFrame {
        let last = try #require(LocalDate("2026-12-05"))
        let format = ChartFormat(t: Localizer(language))
        return DailyBarFrame(
            days: (0..<count).map { last.addingDays($0 - (count - 1)) }, left: 30, maximum: 12, gridStep: 3,
            gridLabel: format.whole, yTitle: "", format: format)
    }

    @Test(arguments: [Language.english, .simplifiedChinese], [7, 14, 28, 30])
    func labelsNeverTouchAndTheLastDayIsAlwaysNamed(language: Language, days: Int) throws {
        let labels = try frame(language, days: days).dayLabelPlacements
        #expect(labels.last?.index == days - 1)
        #expect(labels.last.map { $0.span.upperBound <= DailyBarFrame.width } == true)
        for (left, right) in zip(labels, labels.dropFirst()) {
            #expect(left.span.upperBound + DailyBarFrame.labelGap <= right.span.lowerBound, "\(left) \(right)")
            #expect(left.index % 7 == 0)
        }
    }

    @Test func theChineseLabelBeforeTheLastMakesRoomAndTheOthersStay() throws {
        let labels = try frame(.simplifiedChinese, days: 28).dayLabelPlacements
        #expect(labels.map(\.text) == ["11月8日", "11月15日", "11月22日", "12月5日"], "11月29日 would touch 12月5日")
        let english = try frame(.english, days: 28).dayLabelPlacements
        #expect(english.map(\.index) == [0, 7, 14, 21, 27], "the shorter English labels all fit")
    }
}
