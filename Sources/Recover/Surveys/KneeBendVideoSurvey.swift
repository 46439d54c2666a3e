import Foundation
import Research

extension RecoverSurveys {
    /// Step identifiers of the knee-bend video survey.
    public enum KneeBendVideo {
        /// The instructions.
        public static let instruction = "kneeVideo.instruction"
        /// The front-camera recording.
        public static let recording = "kneeVideo.recording"
        /// The completion step.
        public static let completion = "kneeVideo.completion"
        /// The longest recording, in seconds.
        public static let maximumDuration: TimeInterval = 15
    }
}
