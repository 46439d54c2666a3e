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

    /// "Knee bend video" for the therapist: instructions, a front-camera recording of at most 15 seconds
    /// that can be reviewed and retried, completion.
    public static func kneeBendVideo(language: StudyLanguage = .english) -> Survey {
        let text = KneeBendVideoStrings(language)
        return Survey(
            id: StudyTaskID.kneeBendVideo,
            steps: [
                Step(
                    id: KneeBendVideo.instruction, title: text.title, text: text.instructions, detail: text.detail,
                    kind: .instruction(Instruction())),
                Step(
                    id: KneeBendVideo.recording, title: text.recordTitle, text: text.recordText,
                    kind: .frontCameraRecording(
                        CameraRecording(
                            maximumDuration: KneeBendVideo.maximumDuration, allowsReview: true, allowsRetry: true))),
                Step(id: KneeBendVideo.completion, title: text.doneTitle, text: text.doneText, kind: .completion),
            ])
    }
}

/// The knee-bend video survey's texts in one language.
struct KneeBendVideoStrings {
    let title: String
    let instructions: String
    let detail: String
    let recordTitle: String
    let recordText: String
    let doneTitle: String
    let doneText: String

    init(_ language: StudyLanguage) {
        switch language {
        case .english:
            title = "Knee bend video"
            instructions = "Record a short video of your knee bend so your therapist can see how you move."
            detail =
                "Prop your phone up so the front camera sees your whole leg. You will have 15 seconds: bend your knee slowly as far as is comfortable, then straighten it."
            recordTitle = "Record your knee bend"
            recordText = "Start recording, bend and straighten your knee, then stop. You can watch it and try again."
            doneTitle = "Thank you"
            doneText = "Your video was sent to your therapist."
        case .simplifiedChinese:
            title = "屈膝视频"
            instructions = "录制一段屈膝的短视频，让您的治疗师了解您的活动情况。"
            detail = "把手机立稳，让前置摄像头能拍到整条腿。您有 15 秒：在舒适的范围内慢慢弯曲膝盖，然后伸直。"
            recordTitle = "录制屈膝动作"
            recordText = "开始录制，弯曲并伸直膝盖，然后停止。您可以回看并重新录制。"
            doneTitle = "谢谢"
            doneText = "您的视频已发送给治疗师。"
        }
    }
}
