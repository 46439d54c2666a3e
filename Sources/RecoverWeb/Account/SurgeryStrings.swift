/// The strings of the operated knee and the surgery date: the account page's "Your surgery", the
/// range-of-motion step's knee line and the insights' heading per knee, merged into ``Catalog``.
enum SurgeryStrings {
    static let english: [String: String] = [
        "surgery.title": "Your surgery",
        "surgery.knee": "Operated knee",
        "surgery.date": "Date of your surgery",
        "surgery.knee.left": "Left knee",
        "surgery.knee.right": "Right knee",
        "surgery.notGiven": "Not given yet",
        "surgery.intro":
            "If something here is wrong, correct it. Tasks counted from your surgery date move with it; what you have already recorded stays as it is.",
        "surgery.knee.question": "Which knee was operated on?",
        "surgery.date.hint": "Not in the future, and not before {earliest}.",
        "surgery.save": "Save surgery details",
        "surgery.back": "Back to your account",
        "surgery.error.summary": "Nothing was changed. Please correct the problem below.",
        "surgery.error.knee": "Choose the knee that was operated on.",
        "surgery.error.dateMissing": "Enter the date of your surgery.",
        "surgery.error.dateMalformed": "Enter the date as year, month and day, for example 2026-10-02.",
        "surgery.error.future": "The surgery date cannot be in the future.",
        "surgery.error.tooEarly": "The surgery date cannot be before {earliest}.",
        "surgery.error.notOnboarded": "Finish onboarding first: it asks for your surgery details.",
        "rom.knee.left": "You are measuring your left knee.",
        "rom.knee.right": "You are measuring your right knee.",
        "insights.range.heading.left": "Left knee range of motion",
        "insights.range.heading.right": "Right knee range of motion",
    ]

    static let simplifiedChinese: [String: String] = [
        "surgery.title": "您的手术",
        "surgery.knee": "手术膝关节",
        "surgery.date": "手术日期",
        "surgery.knee.left": "左膝",
        "surgery.knee.right": "右膝",
        "surgery.notGiven": "尚未填写",
        "surgery.intro": "如有错误，请在此更正。按手术日期安排的任务会随之调整；您已记录的内容保持不变。",
        "surgery.knee.question": "哪侧膝关节做了手术？",
        "surgery.date.hint": "不能晚于今天，也不能早于{earliest}。",
        "surgery.save": "保存手术信息",
        "surgery.back": "返回您的账户",
        "surgery.error.summary": "未做任何更改。请更正下面的问题。",
        "surgery.error.knee": "请选择做手术的膝关节。",
        "surgery.error.dateMissing": "请输入您的手术日期。",
        "surgery.error.dateMalformed": "请按年-月-日输入日期，例如 2026-10-02。",
        "surgery.error.future": "手术日期不能晚于今天。",
        "surgery.error.tooEarly": "手术日期不能早于{earliest}。",
        "surgery.error.notOnboarded": "请先完成入组流程，其中会询问您的手术信息。",
        "rom.knee.left": "您正在测量左膝。",
        "rom.knee.right": "您正在测量右膝。",
        "insights.range.heading.left": "左膝活动范围",
        "insights.range.heading.right": "右膝活动范围",
    ]
}
