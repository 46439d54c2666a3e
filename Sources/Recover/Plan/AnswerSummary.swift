import Care
import Foundation

/// The answers of a done card as labelled values ("Pain 3", "Sleep 7 h", "Range 82°"); the web layer
/// supplies the labels in the participant's language.
public struct AnswerSummary: Hashable, Sendable {
    /// One value with the kind that names its label.
    public struct Part: Hashable, Sendable {
        /// The outcome value's kind, such as `checkin.form.pain`.
        public var kind: String
        /// The value as shown, such as `3` or `82`.
        public var value: String
        /// The unit as stored (`h`, `deg`), if any.
        public var unit: String?
    }

    /// The values shown, in the order of ``shownKinds``.
    public var parts: [Part]

    /// A summary of the given parts.
    public init(parts: [Part] = []) { self.parts = parts }

    /// The kinds shown on cards, in order; other values (goal text, dates) stay off the card.
    public static let shownKinds = [
        RecoverSurveys.Checkin.pain, RecoverSurveys.Checkin.sleep, RangeOfMotionOutcomeMapping.kind,
        DiaryOutcomeMapping.Kind.health, DiaryOutcomeMapping.Kind.pain,
    ]

    /// The summary of an outcome's values: the shown kinds, numbers rounded to whole units.
    public init(values: [OutcomeValue]) {
        var parts: [Part] = []
        for kind in Self.shownKinds {
            for value in values where value.kind == kind {
                guard let number = value.numericValue else { continue }
                parts.append(Part(kind: kind, value: String(Int(number.rounded())), unit: value.unit))
            }
        }
        parts += Self.diaryParts(values)
        self.parts = parts
    }

    /// The diary's non-numeric parts: "—" for pain the participant preferred not to give, and the selected
    /// part ids joined by commas (kind `diary.bodyParts`; the web layer shows their names).
    static func diaryParts(_ values: [OutcomeValue]) -> [Part] {
        let kinds = DiaryOutcomeMapping.Kind.self
        var parts: [Part] = []
        if values.contains(where: { $0.kind == kinds.painDontKnow }) {
            parts.append(Part(kind: kinds.pain, value: "—"))
        }
        let bodyParts = values.compactMap { value -> String? in
            guard value.kind == kinds.bodyParts, case .text(let part) = value.content else { return nil }
            return part
        }
        if !bodyParts.isEmpty { parts.append(Part(kind: kinds.bodyParts, value: bodyParts.joined(separator: ","))) }
        return parts
    }

    /// The summary as one line: `label(kind) value unit`, joined by " · ".
    ///
    /// `unit` turns a stored unit into the text shown after the value (`"deg"` → `"°"`, glued to the value).
    public func text(label: (String) -> String, unit: (String) -> String) -> String {
        parts.map { part in
            let shownUnit = part.unit.map(unit) ?? ""
            let separator = shownUnit.hasPrefix("°") || shownUnit.isEmpty ? "" : " "
            return "\(label(part.kind)) \(part.value)\(separator)\(shownUnit)"
        }.joined(separator: " · ")
    }
}
