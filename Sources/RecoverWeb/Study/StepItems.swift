import Foundation
import Research
import Web

/// The questions of a form or question page: consecutive items of one section under the section's heading,
/// and each conditional question in a wrapper that carries its rule for `js/branching.js` and is hidden (and
/// disabled, so nothing in it posts) while the rule does not hold over the answers known so far
/// (docs/components.md, "Branching").
///
/// The wrapper of a shown conditional question posts the question's id in ``shownField``; the page also posts
/// the field empty, so the engine knows which conditional questions the participant saw (`shownItems`) and
/// shows the page again, rather than asking for an answer, when an answer on it reveals one.
struct StepItems {
    let page: StepPage
    /// The page's own answers, as the page shows them.
    let answers: [String: Answer]

    /// The field that names the conditional questions shown when the page was posted.
    static let shownField = "shownItems"

    init(page: StepPage) {
        self.page = page
        self.answers = page.pageAnswers()
    }

    var step: Step { page.step }

    func render() -> HTML {
        let conditional = step.items.contains { $0.visibleWhen != nil }
        let marker: HTML =
            conditional
            ? """
            <input type="hidden" name="\(Self.shownField)" value="">\
            <p class="visually-hidden" role="status" data-branching-status data-shown-message="\(page.t["survey.branching.shown"])"></p>
            """
            : .empty
        return "\(marker)\(sections().map(render))"
    }

    /// The items in runs of one section (`nil` for items outside any).
    func sections() -> [(title: String?, items: [FormItem])] {
        var runs: [(title: String?, items: [FormItem])] = []
        for item in step.items {
            if let last = runs.last, last.title != nil, last.title == item.section {
                runs[runs.count - 1].items.append(item)
            } else {
                runs.append((item.section, [item]))
            }
        }
        return runs
    }

    func render(_ run: (title: String?, items: [FormItem])) -> HTML {
        let items = run.items.map(render).joined
        guard let title = run.title, let first = run.items.first else { return items }
        let id = "\(first.id)-section"
        // A section of conditional questions only is hidden with them.
        let allConditional = run.items.allSatisfy { $0.visibleWhen != nil }
        let hidden: HTML = allConditional && !run.items.contains(where: isVisible) ? " hidden" : .empty
        let live: HTML = allConditional ? " data-branching-section" : .empty
        return """
            <section class="form-section" aria-labelledby="\(id)"\(live)\(hidden)>
            <h2 class="form-section-title" id="\(id)">\(title)</h2>
            \(items)
            </section>
            """
    }

    func render(_ item: FormItem) -> HTML {
        let widget =
            page.formatWidget(item).render()
            ?? StepWidgets.item(item, value: page.value(of: item), error: page.problem(for: item.id), t: page.t)
        guard item.visibleWhen != nil else { return widget }
        let state: HTML = isVisible(item) ? .empty : " hidden disabled"
        // A question the server has just revealed stays with the server: were the script to read the page
        // otherwise, it could hide it again and the page would come back once more.
        let revealed = page.problems.contains { $0.isRevealed && $0.itemID == item.id }
        let rule: HTML =
            (revealed ? nil : liveRule(item)).map {
                " data-visible-when=\"\($0.rule)\" data-answer-types=\"\($0.types)\""
            } ?? .empty
        return """
            <fieldset class="conditional-item" role="none" id="\(item.id)-when" data-conditional\(rule)\(state)>
            <input type="hidden" name="\(Self.shownField)" value="\(item.id)">
            \(widget)
            </fieldset>
            """
    }

    func isVisible(_ item: FormItem) -> Bool {
        page.run.isVisible(item, on: step, pageAnswers: answers)
    }

    /// The item's rule as the script evaluates it: earlier pages' answers settled, and the answer type of every
    /// item of this page it reads. `nil` when it reads one the script cannot (a date, a duration, a height):
    /// the server alone then decides, when the page is posted.
    func liveRule(_ item: FormItem) -> (rule: String, types: String)? {
        guard let condition = item.visibleWhen else { return nil }
        let settled = condition.settled(keeping: step.id) { page.run.answer(step: $0, item: $1) }
        var types: [String: String] = [:]
        for reference in settled.references {
            guard let read = step.items.first(where: { $0.id == reference.item }),
                let type = Self.scriptType(read.answerFormat)
            else { return nil }
            types[reference.item] = type
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let rule = try? encoder.encode(settled), let typeJSON = try? encoder.encode(types) else { return nil }
        return (String(decoding: rule, as: UTF8.self), String(decoding: typeJSON, as: UTF8.self))
    }

    /// How `js/branching.js` reads an answer of this format from the page's fields, as the engine parses them;
    /// `nil` for formats whose fields it does not read.
    static func scriptType(_ format: AnswerFormat) -> String? {
        switch format {
        case .scale, .socioEconomicLadder: "integer"
        case .numeric(let numeric): numeric.style == .integer ? "integer" : "number"
        case .continuousScale: "decimal"
        case .textScale, .textChoice: "choices"
        case .boolean: "boolean"
        case .text: "text"
        default: nil
        }
    }
}
