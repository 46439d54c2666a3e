import Foundation

/// The weekly diary's texts in one language.
struct DiaryStrings {
    let title: String
    let healthText: String
    let healthQuestion: String
    let ladderTop: String
    let ladderBottom: String
    let painTitle: String
    let painQuestion: String
    let noPain: String
    let veryPainful: String
    let preferNotToAnswer: String
    let bodyTitle: String
    let bodyText: String
    let fallSection: String
    let fallQuestion: String
    let fallDetail: String
    let fallWhatQuestion: String
    /// The texts of ``RecoverSurveys/Diary/fallChoices``, in their order.
    let fallChoices: [String]
    let diaryTitle: String
    let diaryQuestion: String
    let reviewTitle: String
    let reviewText: String

    init(_ language: StudyLanguage) {
        switch language {
        case .english:
            title = "Weekly recovery diary"
            healthText = "Think of this ladder as your health: the top is the best health you can imagine."
            healthQuestion = "Where on the ladder is your health this week?"
            ladderTop = "Best possible health"
            ladderBottom = "Worst possible health"
            painTitle = "Pain"
            painQuestion = "How much has your knee hurt this week?"
            noPain = "No pain"
            veryPainful = "Very painful"
            preferNotToAnswer = "Prefer not to answer"
            bodyTitle = "Where does it hurt?"
            bodyText = "Select every part of your left knee and leg that hurts. Skip if nothing hurts."
            fallSection = "Falls"
            fallQuestion = "Did you have a fall or a near-fall this week?"
            fallDetail = "A near-fall is when you started to fall but caught yourself or were caught."
            fallWhatQuestion = "What happened? Choose all that apply."
            fallChoices = ["My knee gave way", "I tripped or slipped", "I lost my balance", "Something else"]
            diaryTitle = "Your diary"
            diaryQuestion = "How was your recovery this week?"
            reviewTitle = "Check your answers"
            reviewText = "Change anything that is not right, then submit."
        case .simplifiedChinese:
            title = "每周康复日记"
            healthText = "请把这个梯子想象成您的健康状况：最上面是您能想象的最好的健康状况。"
            healthQuestion = "本周您的健康状况在梯子的哪一级？"
            ladderTop = "最好的健康状况"
            ladderBottom = "最差的健康状况"
            painTitle = "疼痛"
            painQuestion = "本周您的膝盖有多疼？"
            noPain = "无痛"
            veryPainful = "非常疼痛"
            preferNotToAnswer = "不愿回答"
            bodyTitle = "哪里疼？"
            bodyText = "请选择左膝和左腿所有疼痛的部位。如果都不疼，请跳过。"
            fallSection = "跌倒"
            fallQuestion = "本周您是否跌倒过，或差点跌倒？"
            fallDetail = "差点跌倒是指您开始摔倒，但自己稳住了或被人扶住了。"
            fallWhatQuestion = "发生了什么？可多选。"
            fallChoices = ["膝盖突然发软", "绊倒或滑倒", "失去平衡", "其他情况"]
            diaryTitle = "您的日记"
            diaryQuestion = "本周您的康复情况如何？"
            reviewTitle = "核对您的回答"
            reviewText = "如有不对请修改，然后提交。"
        }
    }
}
