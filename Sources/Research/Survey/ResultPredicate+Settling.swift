import Foundation

extension ResultPredicate {
    /// A condition that always holds: `all` of nothing.
    public static let alwaysTrue = ResultPredicate.all([])
    /// A condition that never holds: `any` of nothing.
    public static let alwaysFalse = ResultPredicate.any([])

    /// The condition with every test of an item outside step `stepID` replaced by its outcome over `answer`
    /// (``alwaysTrue`` or ``alwaysFalse``), so that it reads only that step's items: what a page can evaluate
    /// as its own answers change, once the earlier pages are settled.
    ///
    /// ```swift
    /// let rule = condition.settled(keeping: "diary.text") { step, item in run.answer(step: step, item: item) }
    /// ```
    public func settled(keeping stepID: String, _ answer: (_ step: String, _ item: String) -> Answer?)
        -> ResultPredicate
    {
        switch self {
        case .not(let inner):
            return .not(inner.settled(keeping: stepID, answer))
        case .all(let predicates):
            return .all(predicates.map { $0.settled(keeping: stepID, answer) })
        case .any(let predicates):
            return .any(predicates.map { $0.settled(keeping: stepID, answer) })
        default:
            guard let reference = references.first, reference.step != stepID else { return self }
            return evaluate(answer) ? .alwaysTrue : .alwaysFalse
        }
    }
}
