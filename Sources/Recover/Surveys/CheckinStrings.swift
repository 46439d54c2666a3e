import Foundation

/// The check-in survey's texts in one language.
struct CheckinStrings {
    let title: String
    let instructions: String
    let painQuestion: String
    let noPain: String
    let veryPainful: String
    let sleepQuestion: String
    let noSleep: String
    let muchSleep: String

    init(_ language: StudyLanguage) {
        switch language {
        case .english:
            title = "Daily check-in"
            instructions = "Please answer the following questions."
            painQuestion = "How much pain do you have now?"
            noPain = "No pain"
            veryPainful = "Very painful"
            sleepQuestion = "How many hours did you sleep last night?"
            noSleep = "0 hours"
            muchSleep = "12+ hours"
        case .simplifiedChinese:
            title = "每日打卡"
            instructions = "请回答以下问题。"
            painQuestion = "您现在的疼痛程度如何？"
            noPain = "无痛"
            veryPainful = "非常疼痛"
            sleepQuestion = "您昨晚睡了几个小时？"
            noSleep = "0 小时"
            muchSleep = "12 小时以上"
        }
    }
}

/// The range-of-motion survey's texts in one language.
struct RangeOfMotionStrings {
    let title: String
    let instructions: String
    let detail: String
    let measureTitle: String
    let measureText: String
    let doneTitle: String
    let doneText: String

    init(_ language: StudyLanguage) {
        switch language {
        case .english:
            title = "Knee range of motion"
            instructions = "This measures how far you can bend your left knee."
            detail =
                "Sit on a chair with your left foot flat on the floor. Hold your phone against the front of your lower leg, screen facing out."
            measureTitle = "Straighten and bend"
            measureText =
                "Follow the beeps: first straighten your left knee, then bend it. You do not need to look at the phone."
            doneTitle = "All done!"
            doneText = "Keep up the good work with your physical therapy."
        case .simplifiedChinese:
            title = "膝关节活动度"
            instructions = "此测量用于了解您的左膝可以弯曲多少。"
            detail = "坐在椅子上，左脚平放在地面。将手机贴在小腿前侧，屏幕朝外。"
            measureTitle = "伸直并弯曲"
            measureText = "跟随提示音：先伸直左膝，再弯曲。测量时不需要看手机。"
            doneTitle = "全部完成！"
            doneText = "继续坚持物理治疗，做得很好。"
        }
    }
}
