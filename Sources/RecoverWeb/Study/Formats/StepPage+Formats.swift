import Foundation
import Recover
import Research
import Web

extension StepPage {
    /// The format widget of an item, showing what was just posted, else the draft answer.
    func formatWidget(_ item: FormItem) -> FormatWidget {
        let zone = event.participant.zone
        var fields = posted
        if posted.isEmpty, let answer = run.draftAnswers(for: step.id)[item.id] {
            fields = FormatFields.draftFields(item, answer: answer, zone: zone)
        }
        return FormatWidget(item: item, fields: fields, error: problem(for: item.id), t: t, zone: zone)
    }
}

extension AnswerSummaryText {
    /// A card summary as one localised line; the diary's part ids become the knee model's part names.
    static func text(_ summary: AnswerSummary, t: Localizer) -> String {
        var shown = summary
        let knee = KneeModel()
        for index in shown.parts.indices where shown.parts[index].kind == DiaryOutcomeMapping.Kind.bodyParts {
            shown.parts[index].value = StudyText.list(
                shown.parts[index].value.split(separator: ",").map { knee.name(of: String($0), t: t) }, t)
        }
        return shown.text(label: { t["summary.\($0)"] }, unit: { t["unit.\($0)"] })
    }
}
