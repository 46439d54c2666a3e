import Foundation

/// The onboarding survey's texts in one language (from the seed walkthroughs, English and Chinese).
struct OnboardingStrings {
    let welcomeTitle: String
    let welcomeDetail: String
    let overviewTitle: String
    let overviewDetail: String
    let healthDataItem: String
    let tasksItem: String
    let signatureItem: String
    let privacyItem: String
    let privacyDetail: String
    let consentTitle: String
    let permissionsTitle: String
    let permissionsText: String
    let goalsTitle: String
    let goalsText: String
    let kneeQuestion: String
    let leftKnee: String
    let rightKnee: String
    let surgeryDateQuestion: String
    let surgeryDateDetail: String
    let goalQuestion: String
    let goalPlaceholder: String
    let kneeBendQuestion: String
    let checkinTimeQuestion: String
    let completionTitle: String
    let completionDetail: String

    init(_ language: StudyLanguage) {
        switch language {
        case .english:
            welcomeTitle = "Welcome to the Recover study"
            welcomeDetail = "The goal of this study is to support post-surgical recovery"
            overviewTitle = "Before you join"
            overviewDetail = "Participating in this study requires you to understand the following information"
            healthDataItem = "You will be asked to share health data"
            tasksItem = "You need to complete assigned recovery tasks"
            signatureItem = "You need to provide a signature to indicate consent"
            privacyItem = "Your data will be stored securely"
            privacyDetail = "All data is encrypted"
            consentTitle = "Informed consent"
            permissionsTitle = "Health data request"
            permissionsText =
                "Recover uses your health data, notifications and motion activity to support your recovery. You can change these choices at any time."
            goalsTitle = "Your recovery goals"
            goalsText = "Tell us what you are working towards so we can tailor your plan."
            kneeQuestion = "Which knee was operated on?"
            leftKnee = "Left knee"
            rightKnee = "Right knee"
            surgeryDateQuestion = "Date of your surgery"
            surgeryDateDetail = "Not in the future, and no more than two years ago."
            goalQuestion = "In your own words, what is your recovery goal?"
            goalPlaceholder = "For example: walk my dog around the park again"
            kneeBendQuestion = "Target knee bend (degrees)"
            checkinTimeQuestion = "Preferred check-in time"
            completionTitle = "Thank you for participating"
            completionDetail = "You can now start using the Recover app"
        case .simplifiedChinese:
            welcomeTitle = "欢迎参与 Recover 研究"
            welcomeDetail = "本研究的目的是帮助术后康复"
            overviewTitle = "知情同意"
            overviewDetail = "参与本研究需要您了解以下信息"
            healthDataItem = "您将被要求分享健康数据"
            tasksItem = "您需要完成指定的康复任务"
            signatureItem = "您需要提供签名以表示同意"
            privacyItem = "您的数据将被安全保存"
            privacyDetail = "所有数据均经过加密处理"
            consentTitle = "知情同意书"
            permissionsTitle = "健康数据请求"
            permissionsText = "Recover 会使用您的健康数据、通知和运动活动来帮助您康复。您可以随时更改这些选择。"
            goalsTitle = "您的康复目标"
            goalsText = "告诉我们您的目标，以便我们为您定制康复计划。"
            kneeQuestion = "哪侧膝关节做了手术？"
            leftKnee = "左膝"
            rightKnee = "右膝"
            surgeryDateQuestion = "手术日期"
            surgeryDateDetail = "不能晚于今天，也不能早于两年前。"
            goalQuestion = "请用您自己的话描述您的康复目标。"
            goalPlaceholder = "例如：重新在公园里遛狗"
            kneeBendQuestion = "目标膝关节弯曲角度（度）"
            checkinTimeQuestion = "首选打卡时间"
            completionTitle = "感谢您的参与"
            completionDetail = "您现在可以开始使用 Recover App"
        }
    }
}
