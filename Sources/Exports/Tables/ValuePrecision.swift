import ExportFormats
import Recover
import Research

/// The decimal places each outcome kind's numbers are exported with in CSV: the precision its item defines, so a
/// number reads as the participant gave it or the sensor measured it (no binary float noise, no false digits).
///
/// - An answer kept by the study file's rules, or under its item id: a scale gives whole numbers (its step is
///   whole), a continuous scale its `fractionDigits`, a whole-number numeric entry and a time interval whole
///   numbers (seconds); a decimal numeric entry and other formats have no precision of their own.
/// - A score: ``scorePlaces`` (2; surveys define no precision of their own for scores).
/// - Recover's measurements: the range of motion to 0.1° (as the console shows it), hearing thresholds to 1 dB.
/// - Anything else: no precision of its own (nil), written as ``CSVCell/decimal(_:)`` writes it (rounded to
///   ``CSVCell/decimalPlaces``, shortest text).
///
/// Built from every version of the study (the newest version's definition of a kind wins), once per export.
public struct ValuePrecision: Sendable {
    /// The places of scores.
    static let scorePlaces = 2
    private var places: [String: Int] = [:]

    /// The precision of every kind the study's versions define, oldest first.
    public init(studies: [StudyDefinition]) {
        for study in studies {
            for survey in study.surveys {
                guard let definition = survey.languages.sorted(by: { $0.key < $1.key }).first?.value else { continue }
                for step in definition.steps {
                    for item in step.items {
                        if let digits = Self.places(of: item.answerFormat) { places[item.id] = digits }
                    }
                }
                for score in definition.scores { places[score.id] = Self.scorePlaces }
                for rule in study.outcomes where rule.survey == survey.id {
                    switch rule.source {
                    case .answer(let step, let item):
                        let format = definition.step(step)?.items.first { $0.id == item }?.answerFormat
                        places[rule.kind] = format.flatMap(Self.places(of:))
                    case .score: places[rule.kind] = Self.scorePlaces
                    }
                }
            }
        }
        places[RangeOfMotionOutcomeMapping.kind] = 1
    }

    /// The decimal places of `kind`'s numbers, or nil when its item defines none.
    public func places(for kind: String) -> Int? {
        if let known = places[kind] { return known }
        // The hearing screening's kinds: `hearing.<ear>.<frequency>`, thresholds in whole decibels.
        if kind.hasPrefix("hearing.") { return 0 }
        return nil
    }

    /// The places an answer format defines, or nil when it defines none.
    static func places(of format: AnswerFormat) -> Int? {
        switch format {
        case .scale: 0
        case .continuousScale(let scale): max(0, min(scale.fractionDigits, CSVCell.decimalPlaces))
        case .numeric(let numeric): numeric.style == .integer ? 0 : nil
        case .timeInterval: 0
        default: nil
        }
    }
}
