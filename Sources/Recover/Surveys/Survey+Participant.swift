import Care
import Foundation
import Research

extension Survey {
    /// This survey as the participant with `surgery` sees it on `today` (their day): a knee range-of-motion step
    /// measures their operated knee, texts of a knee survey (one with a knee range-of-motion or knee body-model
    /// step) name that knee (``KneeWording``), and onboarding's surgery date takes only the dates accepted
    /// that day (``SurgeryDetails/acceptedDates(today:)``). The study file's texts are written for the left
    /// knee; for it, and for every other survey, nothing but the date bounds changes.
    public func personalised(for surgery: SurgeryDetails, today: LocalDate) -> Survey {
        var survey = self
        survey.steps = steps.map { $0.boundingSurgeryDate(today: today) }
        guard surgery.knee != .left, isAboutTheKnee else { return survey }
        survey.steps = survey.steps.map { $0.measuring(surgery.knee) }
        return survey
    }

    /// Whether a step measures or pictures the knee.
    var isAboutTheKnee: Bool {
        steps.contains { step in
            switch step.kind {
            case .rangeOfMotion(let task): task.joint == .knee
            case .bodyModel(let model): model.modelID == "knee"
            default: false
            }
        }
    }
}

extension Step {
    /// The step with a knee range-of-motion task on `knee` and its texts naming that knee.
    func measuring(_ knee: BodySide) -> Step {
        var step = self
        let word = { (text: String) in KneeWording.text(text, knee: knee) }
        step.title = title.map(word)
        step.text = text.map(word)
        step.detail = detail.map(word)
        switch kind {
        case .rangeOfMotion(var task) where task.joint == .knee:
            task.limb = knee
            step.kind = .rangeOfMotion(task)
        case .instruction(var instruction):
            instruction.bodyItems = instruction.bodyItems.map { item in
                var item = item
                item.text = word(item.text)
                item.detail = item.detail.map(word)
                return item
            }
            step.kind = .instruction(instruction)
        default:
            break
        }
        return step
    }

    /// The step with onboarding's surgery date item bounded to the dates accepted on `today`.
    func boundingSurgeryDate(today: LocalDate) -> Step {
        guard case .form(let items) = kind,
            items.contains(where: { $0.id == RecoverSurveys.Onboarding.surgeryDate })
        else { return self }
        let accepted = SurgeryDetails.acceptedDates(today: today)
        var step = self
        step.kind = .form(
            items.map { item in
                guard item.id == RecoverSurveys.Onboarding.surgeryDate, case .date = item.answerFormat else {
                    return item
                }
                var bounded = item
                bounded.answerFormat = .date(
                    DateFormat(minimum: CalendarDate(accepted.lowerBound), maximum: CalendarDate(accepted.upperBound)))
                return bounded
            })
        return step
    }
}

extension CalendarDate {
    /// The engine's date of a care day.
    init?(_ day: LocalDate) { self.init(year: day.year, month: day.month, day: day.day) }
}

/// The words that name the left knee in the study's texts, and the same words for the other knee: the study
/// file's texts are written for the left knee, and a participant whose right knee was operated on reads them
/// for the right one.
public enum KneeWording {
    /// Left-side phrases and their right-side counterparts, longest first so a longer phrase wins.
    static let rightSide: [(left: String, right: String)] = [
        ("left lower leg", "right lower leg"), ("Left lower leg", "Right lower leg"),
        ("left knee", "right knee"), ("Left knee", "Right knee"), ("left foot", "right foot"),
        ("left shin", "right shin"), ("Left shin", "Right shin"),
        ("Left foot", "Right foot"), ("left leg", "right leg"), ("Left leg", "Right leg"),
        ("左小腿", "右小腿"), ("左膝", "右膝"), ("左脚", "右脚"), ("左腿", "右腿"),
    ]

    /// `text` (written for the left knee) for a participant whose `knee` was operated on.
    public static func text(_ text: String, knee: BodySide) -> String {
        guard knee == .right else { return text }
        var result = text
        for (left, right) in rightSide { result = result.replacingOccurrences(of: left, with: right) }
        return result
    }
}
