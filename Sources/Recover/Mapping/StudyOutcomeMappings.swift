import Care
import Foundation
import Research

/// Onboarding → its completion date (kind `onboarding.completionStep`), plus the recovery goals given: the
/// operated knee (`onboarding.goals.knee`, `.text("left"|"right")`), the surgery date
/// (`onboarding.goals.surgeryDate`, `.text("yyyy-MM-dd")`), the goal, the target knee bend and the check-in time.
public struct OnboardingOutcomeMapping: OutcomeMapping {
    /// The outcome kind of the completion date.
    public static let completionKind = RecoverSurveys.Onboarding.completion

    /// Creates the mapper.
    public init() {}

    /// The outcome values of a completed result of this survey.
    public func outcomeValues(from result: SurveyResult) throws(MappingError) -> [OutcomeValue] {
        try MappingError.check(result, is: StudyTaskID.onboarding)
        let goals = RecoverSurveys.Onboarding.self
        let completedAt = result.stepResult(goals.completion)?.endDate ?? result.endDate
        var values = [OutcomeValue(.date(completedAt), kind: Self.completionKind)]
        if case .choices(let picked, _) = result.answer(step: goals.goals, item: goals.operatedKnee),
            let knee = picked.first.flatMap(BodySide.init(rawValue:))
        {
            values.append(OutcomeValue(.text(knee.rawValue), kind: goals.operatedKnee))
        }
        if case .date(let date) = result.answer(step: goals.goals, item: goals.surgeryDate) {
            values.append(OutcomeValue(.text(date.description), kind: goals.surgeryDate))
        }
        if case .text(let goal) = result.answer(step: goals.goals, item: goals.goalText) {
            values.append(OutcomeValue(.text(goal), kind: goals.goalText))
        }
        if case .integer(let degrees) = result.answer(step: goals.goals, item: goals.targetKneeBend) {
            values.append(OutcomeValue(.integer(degrees), kind: goals.targetKneeBend, unit: "deg"))
        }
        if case .timeOfDay(let time) = result.answer(step: goals.goals, item: goals.checkinTime) {
            values.append(OutcomeValue(.text(time.description), kind: goals.checkinTime))
        }
        return values
    }
}

/// Check-in → pain (kind `checkin.form.pain`) and sleep in hours (kind `checkin.form.sleep`).
public struct CheckinOutcomeMapping: OutcomeMapping {
    /// Creates the mapper.
    public init() {}

    /// The outcome values of a completed result of this survey.
    public func outcomeValues(from result: SurveyResult) throws(MappingError) -> [OutcomeValue] {
        try MappingError.check(result, is: StudyTaskID.checkin)
        let ids = RecoverSurveys.Checkin.self
        var values: [OutcomeValue] = []
        if case .integer(let pain) = result.answer(step: ids.form, item: ids.pain) {
            values.append(OutcomeValue(.integer(pain), kind: ids.pain))
        }
        if case .integer(let hours) = result.answer(step: ids.form, item: ids.sleep) {
            values.append(OutcomeValue(.integer(hours), kind: ids.sleep, unit: "h"))
        }
        guard !values.isEmpty else { throw MappingError("the check-in has no pain or sleep answer") }
        return values
    }
}

/// Range of motion → the range in degrees (kind `range`, unit `deg`) and the knee measured (kind `range.limb`,
/// `.text("left"|"right")`, when the result names it).
public struct RangeOfMotionOutcomeMapping: OutcomeMapping {
    /// The outcome kind of the measured range.
    public static let kind = "range"
    /// The outcome kind of the side measured.
    public static let limbKind = "range.limb"

    /// Creates the mapper.
    public init() {}

    /// The outcome values of a completed result of this survey.
    public func outcomeValues(from result: SurveyResult) throws(MappingError) -> [OutcomeValue] {
        try MappingError.check(result, is: StudyTaskID.rangeOfMotionCheck)
        guard
            case .rangeOfMotion(let measurement) = result.stepResult(RecoverSurveys.RangeOfMotionCheck.measurement)?
                .activity
        else { throw MappingError("the result has no range-of-motion measurement") }
        var values = [OutcomeValue(.double(measurement.range), kind: Self.kind, unit: "deg")]
        if let limb = measurement.limb { values.append(OutcomeValue(.text(limb.rawValue), kind: Self.limbKind)) }
        return values
    }
}
