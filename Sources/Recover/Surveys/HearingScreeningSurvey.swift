import Foundation
import Research

extension RecoverSurveys {
    /// Step identifiers of the hearing screening.
    public enum HearingScreening {
        /// The instructions.
        public static let instruction = "hearing.instruction"
        /// The environment noise check.
        public static let noise = "hearing.noise"
        /// The tone audiometry.
        public static let tones = "hearing.tones"
        /// The completion step.
        public static let completion = "hearing.completion"
        /// The loudest acceptable surroundings, dBA (ResearchKit's hearing task uses 45).
        public static let noiseThreshold = 45.0
        /// Quiet readings in a row needed.
        public static let quietReadings = 5
        /// Frequencies tested, in order.
        public static let frequencies: [Double] = [1000, 2000, 4000, 500]
    }

    /// An optional hearing screening: instructions, an environment noise check (45 dBA, 5 quiet readings in
    /// a row), tone audiometry in each ear at 1, 2, 4 kHz and 500 Hz, completion.
    public static func hearingScreening(language: StudyLanguage = .english) -> Survey {
        let text = HearingScreeningStrings(language)
        let ids = HearingScreening.self
        return Survey(
            id: StudyTaskID.hearingScreening,
            steps: [
                Step(
                    id: ids.instruction, title: text.title, text: text.instructions, detail: text.detail,
                    kind: .instruction(Instruction())),
                Step(
                    id: ids.noise, title: text.noiseTitle, text: text.noiseText,
                    kind: .environmentNoise(
                        NoiseCheck(thresholdDBA: ids.noiseThreshold, consecutiveQuietSamples: ids.quietReadings))),
                Step(
                    id: ids.tones, title: text.tonesTitle, text: text.tonesText,
                    kind: .toneAudiometry(ToneAudiometry(frequencies: ids.frequencies, ears: [.left, .right]))),
                Step(id: ids.completion, title: text.doneTitle, text: text.doneText, kind: .completion),
            ])
    }
}

/// The hearing screening's texts in one language.
struct HearingScreeningStrings {
    let title: String
    let instructions: String
    let detail: String
    let noiseTitle: String
    let noiseText: String
    let tonesTitle: String
    let tonesText: String
    let doneTitle: String
    let doneText: String

    init(_ language: StudyLanguage) {
        switch language {
        case .english:
            title = "Hearing screening"
            instructions = "A short, optional check of your hearing with headphones."
            detail =
                "Find a quiet place and put on headphones. First we check that it is quiet enough, then you tap each time you hear a tone."
            noiseTitle = "Is it quiet enough?"
            noiseText = "Stay still and quiet for a few seconds while the microphone listens."
            tonesTitle = "Tap when you hear a tone"
            tonesText = "Tones play in one ear at a time, some very quiet. Tap the button as soon as you hear one."
            doneTitle = "All done"
            doneText = "Thank you for completing the hearing screening."
        case .simplifiedChinese:
            title = "听力筛查"
            instructions = "使用耳机进行的简短听力检查，可自愿参加。"
            detail = "请找一个安静的地方并戴上耳机。我们先检查环境是否足够安静，然后每听到一个音就请点按一次。"
            noiseTitle = "环境够安静吗？"
            noiseText = "请保持安静几秒钟，让麦克风检测环境噪声。"
            tonesTitle = "听到声音时请点按"
            tonesText = "声音每次只在一只耳朵中播放，有些非常轻。一听到就立即点按按钮。"
            doneTitle = "完成"
            doneText = "感谢您完成听力筛查。"
        }
    }
}
