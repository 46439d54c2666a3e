/// The strings of the survey flow's completion, saved notes, required markers, the feed's groups and the
/// friendly titles of normal refusals, merged into ``Catalog``.
enum SurveyFlowStrings {
    static let english: [String: String] = [
        "survey.required": "(required)",
        "survey.branching.revealed":
            "Your answer added a question to this page. Answer it (or leave it empty if it is not required), then press Next again.",
        "survey.branching.shown": "A question was added below.",
        "survey.completion.title": "Saved",
        "survey.completion.saved": "Saved: {task}.",
        "survey.completion.home": "Back to today",
        "survey.completion.range": "Your knee bend: {range}°",
        "survey.completion.rangeReached": "{range}°: you reached your {goal}° goal",
        "survey.completion.rangeToGoal": "{range}°, {remaining}° to your {goal}° goal",
        "feed.saved": "Saved: {task}. Thank you.",
        "feed.allDone": "You're done for today.",
        "feed.optional": "Optional",
        "feed.optionalText": "Do these when you feel up to it. They are not counted as missed.",
        "card.change": "Change",
        "study.error.cannotChange": "This answer cannot be changed here.",
        "error.title.alreadySaved": "Already saved",
        "error.title.expired": "This page has expired",
        "error.title.outOfDate": "This page is out of date",
        "error.title.notYet": "Not yet",
        "error.title.onboardingFirst": "Consent and onboarding first",
        "error.csrf.survey":
            "This page was open too long to be sent safely, so the answers on it were not saved. Your earlier pages are kept: go back to the survey and enter this page's answers again.",
        "error.backToSurvey": "Back to the survey",
        "join.dead.usedTitle": "Link already used: sign in",
        "survey.expired.title": "Sign in again to go on",
        "survey.expired.notice":
            "You were signed out after a while without activity, to keep your answers safe. Sign in again: the answers on the page you just sent are kept, and you go back to the same question.",
    ]

    static let simplifiedChinese: [String: String] = [
        "survey.required": "（必填）",
        "survey.branching.revealed": "根据您的回答，这一页增加了一个问题。请回答它（非必填的问题可以留空），然后再次点击“下一步”。",
        "survey.branching.shown": "下面增加了一个问题。",
        "survey.completion.title": "已保存",
        "survey.completion.saved": "已保存：{task}。",
        "survey.completion.home": "返回今天",
        "survey.completion.range": "您的膝关节弯曲：{range}°",
        "survey.completion.rangeReached": "{range}°：已达到您 {goal}° 的目标",
        "survey.completion.rangeToGoal": "{range}°，距离您 {goal}° 的目标还差 {remaining}°",
        "feed.saved": "已保存：{task}。谢谢！",
        "feed.allDone": "今天的任务都完成了。",
        "feed.optional": "可选",
        "feed.optionalText": "身体允许时再做，不会算作错过。",
        "card.change": "修改",
        "study.error.cannotChange": "这个回答不能在这里修改。",
        "error.title.alreadySaved": "已经保存",
        "error.title.expired": "此页面已过期",
        "error.title.outOfDate": "此页面已不是最新",
        "error.title.notYet": "还未到时间",
        "error.title.onboardingFirst": "请先完成知情同意与引导",
        "error.csrf.survey": "此页面打开时间过长，无法安全提交，因此这一页的回答没有保存。之前各页的回答仍然保留：请返回问卷，重新填写这一页。",
        "error.backToSurvey": "返回问卷",
        "join.dead.usedTitle": "链接已使用：请登录",
        "survey.expired.title": "请重新登录以继续",
        "survey.expired.notice": "为保护您的回答，您在一段时间没有操作后已自动退出。请重新登录：您刚才提交的这一页回答会保留，并回到同一个问题。",
    ]
}
