import Care
import Foundation
import Research

/// The operated knee and the surgery date a participant gave in onboarding's goals step (outcome values
/// `onboarding.goals.knee`, `.text("left"|"right")`, and `onboarding.goals.surgeryDate`, `.text("yyyy-MM-dd")`).
///
/// Participants who enrolled before onboarding asked have neither: their knee is the left one, as the study
/// measured it then, and schedules counted from the surgery date give them no events until they give one.
///
/// ```swift
/// let surgery = SurgeryDetails(onboardingValues: outcome.values)
/// surgery.knee   // .right
/// surgery.date   // 2026-10-02
/// ```
public struct SurgeryDetails: Hashable, Sendable {
    /// The knee the participant named, or nil when they enrolled before onboarding asked.
    public var givenKnee: BodySide?
    /// The surgery date, or nil when they enrolled before onboarding asked.
    public var date: LocalDate?

    /// The knee of a participant who never named one: the left, which the study measured before it asked.
    public static let defaultKnee = BodySide.left
    /// How far back a surgery date may be, in months.
    public static let earliestMonthsBack = 24

    /// Details from their members.
    public init(knee: BodySide?, date: LocalDate?) {
        self.givenKnee = knee
        self.date = date
    }

    /// The details among onboarding's outcome values; a value that is missing or malformed counts as not given.
    public init(onboardingValues values: [OutcomeValue]) {
        let ids = RecoverSurveys.Onboarding.self
        var knee: BodySide?
        var date: LocalDate?
        for value in values {
            guard case .text(let text) = value.content else { continue }
            switch value.kind {
            case ids.operatedKnee: knee = BodySide(rawValue: text)
            case ids.surgeryDate: date = LocalDate(text)
            default: continue
            }
        }
        self.init(knee: knee, date: date)
    }

    /// The knee the study measures: the one named, else the left.
    public var knee: BodySide { givenKnee ?? Self.defaultKnee }

    /// The surgery dates accepted on `today` (the participant's): from two years back through today.
    public static func acceptedDates(today: LocalDate) -> ClosedRange<LocalDate> {
        today.addingMonths(-earliestMonthsBack)...today
    }

    /// The outcome values of these details, as onboarding's mapping records them (none for what is not given).
    public var outcomeValues: [OutcomeValue] {
        let ids = RecoverSurveys.Onboarding.self
        var values: [OutcomeValue] = []
        if let givenKnee { values.append(OutcomeValue(.text(givenKnee.rawValue), kind: ids.operatedKnee)) }
        if let date { values.append(OutcomeValue(.text(date.description), kind: ids.surgeryDate)) }
        return values
    }

    /// `values` (onboarding's) with these details in place of the ones they had, everything else kept in order.
    public func replacing(in values: [OutcomeValue]) -> [OutcomeValue] {
        let ids = RecoverSurveys.Onboarding.self
        return values.filter { $0.kind != ids.operatedKnee && $0.kind != ids.surgeryDate } + outcomeValues
    }
}
