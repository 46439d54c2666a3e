/// The strings of the calendar link (account section, link page, feed, its 404), merged into ``Catalog``.
enum CalendarStrings {
    static let english: [String: String] = [
        "calendar.heading": "Calendar",
        "calendar.intro":
            "See your tasks in your phone's calendar app, with a reminder when each is due. The link is private to you; it shows task names only, never your answers.",
        "calendar.create": "Create calendar link",
        "calendar.exists": "You made a calendar link on {date}.",
        "calendar.shownOnce":
            "For your safety the link is shown only once. If you lost it, or think someone else has it, reset it: the old link stops working at once and you get a new one.",
        "calendar.reset": "Reset calendar link",
        "calendar.withdrawn": "Since you withdrew, your calendar link shows no more tasks.",
        "calendar.withdrawnNone": "Since you withdrew, there are no tasks to show in a calendar.",
        "calendar.link.title": "Your calendar link",
        "calendar.link.made": "Your new calendar link is ready. Any earlier link has stopped working.",
        "calendar.link.heading": "Add it to your calendar",
        "calendar.link.label": "Calendar link",
        "calendar.link.copyHint":
            "Copy this link (tap it, then Select all and Copy) and add it in your calendar app as a subscribed calendar, for example Google Calendar: Other calendars, From URL.",
        "calendar.link.open": "Open in my calendar app",
        "calendar.link.secret":
            "Keep this link to yourself: anyone who has it can see your task names and times. It is shown only now.",
        "calendar.link.back": "Back to your account",
        "calendar.name": "Recover study tasks",
        "calendar.alarm": "{task} is due (Recover)",
        "calendar.error.unknown":
            "This calendar link is wrong or was reset. Open your account page in Recover, make a new calendar link and add that one to your calendar app.",
    ]

    static let simplifiedChinese: [String: String] = [
        "calendar.heading": "日历",
        "calendar.intro": "在手机的日历应用中查看您的任务，每项任务到期时都会提醒您。此链接仅供您本人使用；它只显示任务名称，从不显示您的回答。",
        "calendar.create": "创建日历链接",
        "calendar.exists": "您已于 {date} 创建了日历链接。",
        "calendar.shownOnce": "为了您的安全，链接只显示一次。如果您丢失了链接，或认为他人拿到了它，请重置：旧链接会立即失效，您会得到一个新链接。",
        "calendar.reset": "重置日历链接",
        "calendar.withdrawn": "您已退出研究，日历链接不再显示任务。",
        "calendar.withdrawnNone": "您已退出研究，没有可在日历中显示的任务。",
        "calendar.link.title": "您的日历链接",
        "calendar.link.made": "新的日历链接已准备好。之前的链接已失效。",
        "calendar.link.heading": "添加到您的日历",
        "calendar.link.label": "日历链接",
        "calendar.link.copyHint": "复制此链接（点按链接，然后选择“全选”和“复制”），并在日历应用中将其添加为订阅日历，例如 Google 日历：其他日历，通过网址添加。",
        "calendar.link.open": "在日历应用中打开",
        "calendar.link.secret": "请勿将此链接告诉他人：拿到链接的人可以看到您的任务名称和时间。链接只在此时显示。",
        "calendar.link.back": "返回您的账户",
        "calendar.name": "Recover 研究任务",
        "calendar.alarm": "{task}现在可以完成了（Recover）",
        "calendar.error.unknown": "此日历链接有误或已被重置。请在 Recover 中打开您的账户页面，创建新的日历链接，并将新链接添加到日历应用中。",
    ]
}
