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
}
