import Foundation
import Research

extension RecoverSurveys {
    /// Step and item identifiers of the weekly recovery diary.
    public enum Diary {
        /// The self-rated health page (a socio-economic-style ladder).
        public static let healthStep = "diary.health"
        /// The ladder rung: 0 is the top (best health), 9 the bottom.
        public static let health = "diary.health.rung"
        /// The pain page.
        public static let painStep = "diary.pain"
        /// Pain 1...10, or "Prefer not to answer".
        public static let pain = "diary.pain.level"
        /// "Where does it hurt?" on the knee body model.
        public static let bodyParts = "diary.bodyParts"
        /// The last page: falls, then the diary text.
        public static let textStep = "diary.text"
        /// "Did you have a fall or a near-fall this week?" yes or no (optional).
        public static let fall = "diary.fall"
        /// "What happened?", only after yes: the ``fallChoices`` that apply (optional).
        public static let fallWhat = "diary.fall.what"
        /// The choices of ``fallWhat``, in the order shown.
        public static let fallChoices = ["kneeGaveWay", "tripped", "lostBalance", "other"]
        /// The diary text, up to ``textLimit`` characters.
        public static let text = "diary.text.entry"
        /// The review of every answer before submitting.
        public static let review = "diary.review"
        /// The longest diary text.
        public static let textLimit = 280
        /// The body model the diary uses.
        public static let modelID = "knee"
        /// The parts that can be picked, front view then back view.
        public static let kneeParts = [
            "quadriceps", "patella", "medialJointLine", "lateralJointLine", "patellarTendon", "shin", "hamstrings",
            "backOfKnee", "calf",
        ]
        /// The colour of picked parts.
        public static let highlightColor = "#b91c1c"
    }

    /// The weekly recovery diary: self-rated health on the ladder, pain 1-10 with "Prefer not to answer",
    /// the painful parts on the knee model (optional), whether there was a fall or near-fall and, only after
    /// yes, what happened (both optional), a diary of up to 280 characters (optional), and a review of every
    /// answer before it is submitted.
    public static func weeklyDiary(language: StudyLanguage = .english) -> Survey {
        let text = DiaryStrings(language)
        let ids = Diary.self
        let health = FormItem(
            id: ids.health, text: text.healthQuestion,
            answerFormat: .socioEconomicLadder(LadderFormat(topText: text.ladderTop, bottomText: text.ladderBottom)))
        let pain = FormItem(
            id: ids.pain, text: text.painQuestion,
            answerFormat: .scale(
                ScaleFormat(
                    minimum: 1, maximum: 10, minimumDescription: text.noPain, maximumDescription: text.veryPainful,
                    dontKnow: DontKnowButton(text: text.preferNotToAnswer))))
        let diary = FormItem(
            id: ids.text, text: text.diaryQuestion,
            answerFormat: .text(
                TextFormat(
                    maximumLength: ids.textLimit, multipleLines: true, showsCharacterCount: true,
                    showsClearButton: true)),
            isOptional: true)
        let fall = FormItem(
            id: ids.fall, text: text.fallQuestion, detail: text.fallDetail, answerFormat: .boolean(BooleanFormat()),
            isOptional: true, section: text.fallSection)
        let fallWhat = FormItem(
            id: ids.fallWhat, text: text.fallWhatQuestion,
            answerFormat: .textChoice(
                TextChoiceFormat(
                    style: .multiple,
                    choices: zip(ids.fallChoices, text.fallChoices).map { Choice(text: $1, value: $0) })),
            isOptional: true, section: text.fallSection,
            visibleWhen: .equals(step: ids.textStep, item: ids.fall, answer: .boolean(true)))
        let model = BodyModel(
            modelID: ids.modelID, selectableParts: ids.kneeParts, highlightColor: ids.highlightColor,
            continueAfterSelectionOnly: true)
        return Survey(
            id: StudyTaskID.weeklyDiary,
            steps: [
                Step(id: ids.healthStep, title: text.title, text: text.healthText, kind: .question(health)),
                Step(id: ids.painStep, title: text.painTitle, kind: .question(pain)),
                Step(
                    id: ids.bodyParts, title: text.bodyTitle, text: text.bodyText, isOptional: true,
                    kind: .bodyModel(model)),
                Step(id: ids.textStep, title: text.diaryTitle, kind: .form([fall, fallWhat, diary])),
                Step(id: ids.review, title: text.reviewTitle, text: text.reviewText, kind: .review),
            ]
        )
    }
}
