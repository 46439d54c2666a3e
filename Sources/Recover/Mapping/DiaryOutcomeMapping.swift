import Care
import Foundation
import Research

/// Weekly diary → self-rated health, pain (or that the participant preferred not to say), the painful parts,
/// falls and what happened, and the diary text.
///
/// | kind | content |
/// | --- | --- |
/// | `diary.health` | integer 1...10, the ladder rung counted from the bottom (10 is the best health) |
/// | `diary.pain` | integer 1...10 |
/// | `diary.pain.dontKnow` | `true` when "Prefer not to answer" was chosen (then there is no `diary.pain`) |
/// | `diary.bodyParts` | text, one value per selected part id of the knee model, in the model's order |
/// | `diary.fall` | boolean, whether there was a fall or near-fall this week (absent when not answered) |
/// | `diary.fall.what` | text, one value per chosen ``RecoverSurveys/Diary/fallChoices`` value, in their order |
/// | `diary.text` | text, the diary as written (never logged) |
public struct DiaryOutcomeMapping: OutcomeMapping {
    /// Outcome kinds of the diary.
    public enum Kind {
        /// Self-rated health, rung 1 (bottom) ... 10 (top).
        public static let health = "diary.health"
        /// Pain 1...10.
        public static let pain = "diary.pain"
        /// The marker of "Prefer not to answer" for pain.
        public static let painDontKnow = "diary.pain.dontKnow"
        /// One selected part of the knee model.
        public static let bodyParts = "diary.bodyParts"
        /// Whether there was a fall or near-fall.
        public static let fall = "diary.fall"
        /// One thing that happened in the fall or near-fall.
        public static let fallWhat = "diary.fall.what"
        /// The diary text.
        public static let text = "diary.text"
    }

    /// Creates the mapper.
    public init() {}

    /// The outcome values of a completed result of this survey.
    public func outcomeValues(from result: SurveyResult) throws(MappingError) -> [OutcomeValue] {
        try MappingError.check(result, is: StudyTaskID.weeklyDiary)
        let ids = RecoverSurveys.Diary.self
        guard case .integer(let index) = result.answer(step: ids.healthStep, item: ids.health),
            (0..<LadderFormat.rungCount).contains(index)
        else { throw MappingError("the diary has no self-rated health answer") }
        var values = [OutcomeValue(.integer(LadderFormat.rungCount - index), kind: Kind.health)]
        switch result.answer(step: ids.painStep, item: ids.pain) {
        case .integer(let pain): values.append(OutcomeValue(.integer(pain), kind: Kind.pain))
        case .dontKnow: values.append(OutcomeValue(.boolean(true), kind: Kind.painDontKnow))
        default: break
        }
        if case .bodySelection(let parts) = result.stepResult(ids.bodyParts)?.activity {
            let chosen = Set(parts)
            for part in ids.kneeParts where chosen.contains(part) {
                values.append(OutcomeValue(.text(part), kind: Kind.bodyParts))
            }
        }
        if case .boolean(let fell) = result.answer(step: ids.textStep, item: ids.fall) {
            values.append(OutcomeValue(.boolean(fell), kind: Kind.fall))
        }
        // Recorded only when the question was shown (after yes); the engine drops it otherwise.
        if case .choices(let chosen, _) = result.answer(step: ids.textStep, item: ids.fallWhat) {
            for choice in ids.fallChoices where chosen.contains(choice) {
                values.append(OutcomeValue(.text(choice), kind: Kind.fallWhat))
            }
        }
        if case .text(let text) = result.answer(step: ids.textStep, item: ids.text) {
            values.append(OutcomeValue(.text(text), kind: Kind.text))
        }
        return values
    }

    /// How often each part was reported across diary outcome values, most often first (ties in the model's
    /// order).
    public static func partCounts(_ values: [OutcomeValue]) -> [(part: String, count: Int)] {
        var counts: [String: Int] = [:]
        for value in values where value.kind == Kind.bodyParts {
            if case .text(let part) = value.content { counts[part, default: 0] += 1 }
        }
        let order = RecoverSurveys.Diary.kneeParts
        return counts.sorted { left, right in
            if left.value != right.value { return left.value > right.value }
            return (order.firstIndex(of: left.key) ?? order.count) < (order.firstIndex(of: right.key) ?? order.count)
        }.map { (part: $0.key, count: $0.value) }
    }
}
