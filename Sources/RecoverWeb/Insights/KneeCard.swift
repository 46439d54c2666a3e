import Care
import Foundation
import Recover
import Web

/// The "Your knee" card on insights: the knee model's parts the participant reported most often in the weekly
/// diary, with how many diaries named each (live outcomes only).
struct KneeCard {
    /// Part id and count, most often first.
    let counts: [(part: String, count: Int)]

    /// At most this many parts are listed.
    static let shownParts = 5

    init(outcomes: [Outcome]) {
        let diaries = outcomes.filter { $0.isLive && $0.taskID.hasSuffix(".\(StudyTaskID.weeklyDiary)") }
        counts = DiaryOutcomeMapping.partCounts(diaries.flatMap(\.values))
    }

    func render(_ t: Localizer) -> HTML {
        let knee = KneeModel()
        let top = counts.prefix(Self.shownParts)
        let most = top.first?.count ?? 1
        let rows = top.map { entry -> HTML in
            let name = knee.name(of: entry.part, t: t)
            let percent = Int((Double(entry.count) / Double(max(most, 1)) * 100).rounded())
            return """
                <li><span>\(t("insights.knee.count", ["part": name, "count": String(entry.count)]))</span>\
                <meter class="knee-meter" min="0" max="\(most)" value="\(entry.count)" aria-hidden="true">\(percent)%</meter></li>
                """
        }
        let list: HTML =
            rows.isEmpty ? "<p>\(t["insights.knee.empty"])</p>" : "<ol class=\"knee-parts\">\(rows)</ol>"
        return """
            <link rel="stylesheet" href="\(StudyAssets.url("css/formats.css"))">
            <section class="card insights-section" aria-labelledby="knee-heading" data-knee-card>
            <h2 id="knee-heading">\(t["insights.knee.title"])</h2>
            <p>\(t["insights.knee.text"])</p>
            \(list)
            </section>
            """
    }
}
