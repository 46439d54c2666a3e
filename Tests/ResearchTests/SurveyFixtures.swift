import Foundation

@testable import Research

/// Small surveys and fixed dates shared by the run and JSON tests.
enum SurveyFixtures {
    static let start = Date(timeIntervalSince1970: 1_777_000_000)

    static func date(_ seconds: Double) -> Date { start + seconds }

    static let painItem = FormItem(
        id: "pain",
        text: "Pain?",
        answerFormat: .scale(ScaleFormat(minimum: 1, maximum: 10, dontKnow: DontKnowButton(text: "Not sure")))
    )

    /// intro → symptoms (pain; "more" optional) → [pain ≥ 7: urgent] → details (optional) → review → done.
    static let branching = Survey(
        id: "branching",
        steps: [
            Step(id: "intro", title: "Hello", kind: .instruction(Instruction())),
            Step(
                id: "symptoms",
                kind: .form([
                    painItem,
                    FormItem(
                        id: "where",
                        text: "Where?",
                        answerFormat: .text(TextFormat(maximumLength: 50)),
                        isOptional: true,
                        visibleWhen: .atLeast(step: "symptoms", item: "pain", value: 5)
                    ),
                ])
            ),
            Step(id: "urgent", title: "Call us", kind: .instruction(Instruction())),
            Step(
                id: "details",
                isOptional: true,
                kind: .question(FormItem(id: "note", text: "Anything else?", answerFormat: .text(TextFormat())))
            ),
            Step(id: "review", kind: .review),
            Step(id: "done", kind: .completion),
        ],
        navigationRules: [
            "symptoms": [
                NavigationRule(when: .isDontKnow(step: "symptoms", item: "pain"), goTo: .end),
                NavigationRule(when: .atLeast(step: "symptoms", item: "pain", value: 7), goTo: .step("urgent")),
                NavigationRule(goTo: .step("details")),
            ]
        ],
        skipRules: ["urgent": .not(.atLeast(step: "symptoms", item: "pain", value: 7))]
    )
}
