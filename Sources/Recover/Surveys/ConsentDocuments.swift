import Foundation
import Research

/// The Recover study's informed-consent documents (English and Simplified Chinese).
public enum ConsentDocuments {
    /// The version of the current consent documents.
    public static let version = "1.0"

    /// The consent document in `language`, signed after its content.
    public static func consent(language: StudyLanguage) -> ConsentDocument {
        let meaning: String
        switch language {
        case .english:
            meaning =
                "By signing, I confirm that I have read and understood this consent form and agree to take part in the Recover study."
        case .simplifiedChinese:
            meaning = "签名即表示我已阅读并理解本知情同意书，并同意参与 Recover 研究。"
        }
        return ConsentDocument(
            html: html(language: language),
            version: version,
            language: language.tag,
            signatureAfterContent: true,
            signatureMeaning: meaning
        )
    }

    /// The title of the participation consent in `language`, as the account page lists it.
    public static func title(language: StudyLanguage) -> String {
        switch language {
        case .english: "Taking part in the study"
        case .simplifiedChinese: "参与研究"
        }
    }

    /// The version of the optional video-sharing consent.
    public static let videoSharingVersion = "1.0"

    /// The optional consent to share knee-bend videos with the study's physiotherapists for teaching.
    public static func videoSharing(language: StudyLanguage) -> (title: String, html: String, meaning: String) {
        switch language {
        case .english:
            let title = "Sharing your knee videos for teaching"
            return (
                title,
                page(
                    language: language, title: title,
                    sections: [
                        (
                            "1. What you agree to",
                            "The knee-bend videos you record may be shown, without your name, to physiotherapists in training at the study's clinics."
                        ),
                        (
                            "2. What stays the same",
                            "Without this agreement your videos are seen only by your own therapist and the study team. Your care and your place in the study do not depend on it."
                        ),
                        (
                            "3. Changing your mind",
                            "You may withdraw this agreement at any time by contacting the study team."
                        ),
                    ]),
                "By signing, I agree that my knee-bend videos may be used for teaching as described above."
            )
        case .simplifiedChinese:
            let title = "同意将膝关节视频用于教学"
            return (
                title,
                page(
                    language: language, title: title,
                    sections: [
                        ("1. 您同意的内容", "您录制的屈膝视频可在不显示姓名的情况下，用于研究所属诊所的康复治疗师培训。"),
                        ("2. 不变的内容", "如不签署本同意书，您的视频仅由您的治疗师和研究团队查看。您的治疗和研究资格不受影响。"),
                        ("3. 改变主意", "您可以随时联系研究团队撤回本同意。"),
                    ]),
                "签名即表示我同意按上述方式将我的屈膝视频用于教学。"
            )
        }
    }

    /// The HTML of the consent document in `language`.
    public static func html(language: StudyLanguage) -> String {
        let text: (title: String, sections: [(String, String)])
        switch language {
        case .english:
            text = (
                "Recover Study Informed Consent Form",
                [
                    (
                        "1. Study Purpose",
                        "This study evaluates the effect of physical therapy on recovery after knee surgery."
                    ),
                    (
                        "2. Data Collection",
                        "We will collect your health data, including daily step count, active energy, and more, together with your daily check-ins and knee range-of-motion measurements."
                    ),
                    ("3. Privacy Protection", "All data is encrypted and accessible only to the study team."),
                    (
                        "4. Voluntary Participation",
                        "You may leave the study at any time without affecting any medical care."
                    ),
                ]
            )
        case .simplifiedChinese:
            text = (
                "Recover 研究知情同意书",
                [
                    ("1. 研究目的", "本研究旨在评估物理治疗对膝部手术后康复的效果。"),
                    ("2. 数据收集", "我们将收集您的健康数据，包括每日步数、运动消耗等，以及您的每日打卡和膝关节活动度测量结果。"),
                    ("3. 隐私保护", "所有数据均经过加密，仅研究团队可访问。"),
                    ("4. 自愿参与", "您可以随时退出研究，不会影响任何医疗服务。"),
                ]
            )
        }
        return page(language: language, title: text.title, sections: text.sections)
    }

    /// A consent document page: the title, then each section's heading and paragraph.
    static func page(language: StudyLanguage, title: String, sections: [(String, String)]) -> String {
        let sections = sections.map { heading, body in
            "    <div class=\"section\">\n        <h2>\(heading)</h2>\n        <p>\(body)</p>\n    </div>\n"
        }
        return """
            <!DOCTYPE html>
            <html lang="\(language.tag)">
            <head>
                <meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1.0">
                <title>\(title)</title>
                <style>
                    body { font-family: system-ui, sans-serif; padding: 20px; line-height: 1.5; }
                    h1 { color: #0a5cad; }
                    .section { margin: 20px 0; }
                </style>
            </head>
            <body>
                <h1>\(title)</h1>

            \(sections.joined(separator: "\n"))</body>
            </html>

            """
    }
}
