import Care
import Foundation
import Recover
import Research
import Web

/// A completed survey result as the participant saw it, in the staff member's language: each question's text
/// and the answer's label from the survey engine's localised survey (``AnswerText``, the participant pages'
/// own code), and the active tasks' measurements (range of motion in degrees, hearing thresholds per ear and
/// frequency, the video's length, the body parts picked).
enum ConsoleAnswers {
    /// One line of a result: the question (or the step's title) and the answer.
    struct Line: Equatable {
        let question: String
        let answer: String
    }

    /// The lines of `result`, a result of study task `studyTask`, read with the survey in `t`'s language.
    static func lines(_ result: SurveyResult, studyTask: String, zone: TimeZone, t: Localizer) -> [Line] {
        let language = StudyLanguage(tag: t.language.tag) ?? .english
        let survey = RecoverSurveys.survey(studyTask, language: language)
        return result.stepResults.flatMap { stepResult -> [Line] in
            let step = survey?.step(stepResult.stepID)
            var lines = stepResult.answers.map { answer in
                guard let item = step?.items.first(where: { $0.id == answer.itemID }) else {
                    return Line(question: answer.itemID, answer: answer.answer.displayText)
                }
                return Line(question: item.text, answer: AnswerText.text(answer.answer, for: item, t: t, zone: zone))
            }
            if let activity = stepResult.activity, let line = activityLine(activity, step: step, t: t) {
                lines.append(line)
            }
            return lines
        }
    }

    /// The line of a step that is not a question; nil for what a participant does not answer (a consent
    /// signature is in the consent section).
    static func activityLine(_ activity: ActivityResult, step: Step?, t: Localizer) -> Line? {
        let title = step?.title
        switch activity {
        case .rangeOfMotion(let result):
            let degrees = t(
                result.isManual ? "console.answer.degreesTyped" : "console.answer.degrees",
                ["degrees": ConsoleFormat.number((result.range * 10).rounded() / 10)])
            return Line(question: title ?? t["task.rangeOfMotionCheck.title"], answer: degrees)
        case .audiometry(let thresholds):
            return Line(question: title ?? t["task.hearingScreening.title"], answer: hearing(thresholds, t: t))
        case .file(let file):
            let answer =
                file.duration.map { seconds in
                    t("console.answer.video", ["seconds": String(Int(saturating: seconds.rounded()))])
                }
                ?? t(
                    "console.answer.file",
                    ["size": ByteCountFormatter.string(fromByteCount: Int64(file.byteCount), countStyle: .file)])
            return Line(question: title ?? t["task.kneeBendVideo.title"], answer: answer)
        case .bodySelection(let parts):
            guard case .bodyModel(let model) = step?.kind, let provider = BodyModels.provider(for: model.modelID) else {
                return Line(question: title ?? "", answer: parts.joined(separator: ", "))
            }
            let names = provider.partIDs.filter(parts.contains).map { provider.name(of: $0, t: t) }
            return Line(
                question: title ?? t["bodyModel.\(provider.id).legend"],
                answer: names.isEmpty ? t["bodyModel.noneSelected"] : names.joined(separator: ", "))
        case .noiseCheck(let readings, let passed):
            let loudest = readings.max().map { ConsoleFormat.number($0.rounded()) } ?? "–"
            return Line(
                question: title ?? t["console.answer.noiseTitle"],
                answer: t(passed ? "console.answer.noiseQuiet" : "console.answer.noiseLoud", ["level": loudest]))
        case .permissions(let granted):
            // The cards (health, notifications, motion); per-type health answers are summed up as a count.
            let types = granted.keys.filter { $0.hasPrefix("health.") }
            let cards = granted.keys.filter { !$0.hasPrefix("health.") }.sorted().map { card in
                var text = t(
                    granted[card] == true ? "console.answer.granted" : "console.answer.declined",
                    ["permission": t["console.answer.permission.\(card)"]])
                if card == "health", !types.isEmpty {
                    text +=
                        " "
                        + t(
                            "console.answer.healthTypes",
                            ["allowed": "\(types.filter { granted[$0] == true }.count)", "total": "\(types.count)"])
                }
                return text
            }
            return Line(question: title ?? t["console.answer.permissionsTitle"], answer: cards.joined(separator: ", "))
        case .consent:
            return nil
        }
    }

    /// "Left ear: 1000 Hz 20 dB, 2000 Hz 25 dB · Right ear: …", frequencies rising, from `"left:1000"` keys.
    static func hearing(_ thresholds: [String: Double], t: Localizer) -> String {
        var ears: [String: [(Int, Double)]] = [:]
        for (key, level) in thresholds {
            let parts = key.split(separator: ":")
            guard parts.count == 2, let frequency = Int(parts[1]) else { continue }
            ears[String(parts[0]), default: []].append((frequency, level))
        }
        guard !ears.isEmpty else { return t["console.answer.noThresholds"] }
        return ears.keys.sorted().map { ear in
            let values = (ears[ear] ?? []).sorted { $0.0 < $1.0 }.map { frequency, level in
                t(
                    "console.answer.threshold",
                    ["hertz": String(frequency), "decibels": ConsoleFormat.number(level.rounded())])
            }
            let key = "console.answer.ear.\(ear)"
            let name = t[key] == key ? ear : t[key]
            return t("console.answer.earThresholds", ["ear": name, "values": values.joined(separator: ", ")])
        }.joined(separator: " · ")
    }
}

extension ConsoleAnswers {
    /// An outcome value's label and text in the staff member's language ("Pain", "7"; "Where it hurts",
    /// "Kneecap"; "Left ear 1000 Hz", "20 dB"); a kind without a name keeps its id as the label.
    static func outcomeValue(_ value: OutcomeValue, t: Localizer) -> (label: String, text: String) {
        let kind = value.kind ?? ""
        let unit = value.unit.map { $0 == "deg" ? "°" : " \($0)" } ?? ""
        var text: String =
            switch value.content {
            case .integer(let number): String(number) + unit
            case .double(let number): ConsoleFormat.number(number) + unit
            case .boolean(let flag): t[flag ? "console.yes" : "console.no"]
            case .text(let text): text
            case .date(let date): ConsoleFormat.date(date, in: TimeZone(identifier: "UTC") ?? .current)
            case .data(let data): "\(data.count) B"
            }
        switch (kind, value.content) {
        case (DiaryOutcomeMapping.Kind.health, .integer(let rung)):
            text = t("format.ladder.rung", ["number": String(rung)])
        case (DiaryOutcomeMapping.Kind.painDontKnow, _):
            // What the participant chose instead of a number, as the diary's button said it.
            let diary = RecoverSurveys.weeklyDiary(language: StudyLanguage(tag: t.language.tag) ?? .english)
            let item = diary.step(RecoverSurveys.Diary.painStep)?.items.first
            return (
                t["console.kind.\(DiaryOutcomeMapping.Kind.pain)"],
                item.map { AnswerText.text(.dontKnow, for: $0, t: t, zone: .gmt) } ?? text
            )
        case (DiaryOutcomeMapping.Kind.fallWhat, .text(let choice)):
            // The answer as the diary's question words it in the staff member's language.
            let diary = RecoverSurveys.weeklyDiary(language: StudyLanguage(tag: t.language.tag) ?? .english)
            let item = diary.step(RecoverSurveys.Diary.textStep)?.items.first { $0.id == RecoverSurveys.Diary.fallWhat }
            if case .textChoice(let format)? = item?.answerFormat,
                let found = format.choices.first(where: { $0.value == choice })
            {
                text = found.text
            }
        case (DiaryOutcomeMapping.Kind.bodyParts, .text(let part)):
            if let provider = BodyModels.provider(for: RecoverSurveys.Diary.modelID) {
                text = provider.name(of: part, t: t)
            }
        case (KneeBendVideoOutcomeMapping.kind, _):
            text = t["console.kind.video.submitted"]
        default:
            break
        }
        let parts = kind.split(separator: ".")
        if parts.count == 3, parts[0] == "hearing", let ear = ["left", "right"].first(where: { $0 == parts[1] }) {
            return (
                t("console.kind.hearing", ["ear": t["console.answer.ear.\(ear)"], "hertz": String(parts[2])]), text
            )
        }
        let key = "console.kind.\(kind)"
        return (t[key] == key ? kind : t[key], text)
    }
}
