/// The strings of Web Push: the account page's card, the outcomes `push.js` shows, the routes' errors; merged
/// into ``Catalog``.
enum PushStrings {
    static let english: [String: String] = [
        "push.device.heading": "Reminders on this device",
        "push.device.intro":
            "Get a notification on this phone or computer when a task is due. Reminders say only which task is due, never your answers.",
        "push.device.needsScript": "Turning reminders on here needs JavaScript in this browser.",
        "push.device.turnOn": "Turn on reminders here",
        "push.device.turnOff": "Turn off reminders here",
        "push.device.on": "Reminders are on for this device.",
        "push.device.off": "Reminders are off for this device.",
        "push.status.subscribed": "Reminders will come to this device.",
        "push.status.unsupported": "This browser cannot receive reminders. You can still see your tasks here.",
        "push.status.failed":
            "This browser could not sign up for reminders just now. You can try again later on your account page.",
        "push.status.failedHere": "This browser could not sign up for reminders just now. Please try again later.",
        "push.status.refused": "The server did not accept this browser's reminder sign-up. Please try again later.",
        "push.status.unavailable": "This study does not send reminders to devices yet.",
        "push.status.removed": "Reminders are off for this device.",
        "push.status.denied":
            "Notifications are blocked for this site. Allow them in your browser's site settings, then try again.",
        "push.error.invalid-body": "The request was not a push subscription. Nothing was saved.",
        "push.error.invalid-endpoint": "The subscription's address is not a secure push service. Nothing was saved.",
        "push.error.invalid-key": "The subscription's key is not valid. Nothing was saved.",
        "push.error.invalid-auth": "The subscription's secret is not valid. Nothing was saved.",
        "push.error.invalid-label": "The subscription's label is not valid. Nothing was saved.",
        "push.error.not-participating": "Only participants taking part can get reminders. Nothing was saved.",
        "push.error.unreadable-row": "The subscription could not be read. Nothing was saved.",
    ]

    static let simplifiedChinese: [String: String] = [
        "push.device.heading": "本设备上的提醒",
        "push.device.intro": "任务到期时，在这部手机或电脑上收到通知。提醒只说明哪项任务到期，绝不包含您的回答。",
        "push.device.needsScript": "要在这里开启提醒，需要此浏览器启用 JavaScript。",
        "push.device.turnOn": "在此设备开启提醒",
        "push.device.turnOff": "在此设备关闭提醒",
        "push.device.on": "此设备的提醒已开启。",
        "push.device.off": "此设备的提醒已关闭。",
        "push.status.subscribed": "提醒将发送到此设备。",
        "push.status.unsupported": "此浏览器无法接收提醒。您仍可以在这里查看任务。",
        "push.status.failed": "此浏览器暂时无法开启提醒。您可以稍后在账户页面重试。",
        "push.status.failedHere": "此浏览器暂时无法开启提醒。请稍后重试。",
        "push.status.refused": "服务器未接受此浏览器的提醒登记。请稍后重试。",
        "push.status.unavailable": "本研究暂时不向设备发送提醒。",
        "push.status.removed": "此设备的提醒已关闭。",
        "push.status.denied": "此网站的通知已被阻止。请在浏览器的网站设置中允许通知，然后重试。",
        "push.error.invalid-body": "该请求不是推送订阅。未保存任何内容。",
        "push.error.invalid-endpoint": "订阅地址不是安全的推送服务。未保存任何内容。",
        "push.error.invalid-key": "订阅的密钥无效。未保存任何内容。",
        "push.error.invalid-auth": "订阅的密钥信息无效。未保存任何内容。",
        "push.error.invalid-label": "订阅的标签无效。未保存任何内容。",
        "push.error.not-participating": "只有正在参与研究的参与者才能收到提醒。未保存任何内容。",
        "push.error.unreadable-row": "无法读取该订阅。未保存任何内容。",
    ]
}
