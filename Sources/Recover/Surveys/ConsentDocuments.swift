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
        let sections = text.sections.map { heading, body in
            "    <div class=\"section\">\n        <h2>\(heading)</h2>\n        <p>\(body)</p>\n    </div>\n"
        }
        return """
            <!DOCTYPE html>
            <html lang="\(language.tag)">
            <head>
                <meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1.0">
                <title>\(text.title)</title>
                <style>
                    body { font-family: system-ui, sans-serif; padding: 20px; line-height: 1.5; }
                    h1 { color: #0a5cad; }
                    .section { margin: 20px 0; }
                </style>
            </head>
            <body>
                <h1>\(text.title)</h1>

            \(sections.joined(separator: "\n"))</body>
            </html>

            """
    }
}
