/// The strings of account recovery (forgot password, reset, deactivated accounts), merged into ``Catalog``.
enum RecoveryStrings {
    static let english: [String: String] = [
        "signIn.forgot": "Forgot your password?",
        "signIn.reset": "Your password was changed. Sign in with the new password.",
        "signIn.error.deactivated":
            "This account has been deactivated, so it cannot sign in. Ask the study's administrator to reactivate it.",
        "recovery.forgot.title": "Forgot your password?",
        "recovery.forgot.intro":
            "Enter the email address of your account. We will send you a link to choose a new password.",
        "recovery.forgot.submit": "Send the link",
        "recovery.noMail":
            "Sending email is not set up for this study yet, so we cannot send you a link. Please contact the study team: they can help you get back in.",
        "recovery.backToSignIn": "Back to sign in",
        "recovery.error.wait": "Too many requests for a link. Wait {wait} and try again.",
        "recovery.sent.title": "Check your email",
        "recovery.sent.body":
            "If an account uses this address, we have sent it a link to choose a new password. The link works for one hour, once.",
        "recovery.sent.spam":
            "No email after a few minutes? Look in your spam folder, or ask for a new link. Only the newest link counts once you use it.",
        "recovery.reset.title": "Choose a new password",
        "recovery.reset.intro": "Choose a new password for your account. You will then sign in with it.",
        "recovery.reset.code": "Reset code",
        "recovery.reset.codeHint": "The code from the email, if this box is empty.",
        "recovery.reset.submit": "Save the new password",
        "recovery.reset.unknown":
            "This reset link or code is not valid. Copy the whole link from the email, or ask for a new one.",
        "recovery.reset.used": "This reset link was already used. If you still cannot sign in, ask for a new one.",
        "recovery.reset.expired": "This reset link is more than an hour old and no longer works. Ask for a new one.",
        "recovery.reset.newLink": "Get a new link",
        "join.dead.title": "This invitation link cannot be used",
        "join.dead.unknown":
            "This is not an invitation link we know. Check that you opened the whole link from your email or letter.",
        "join.dead.used":
            "This invitation was already used to create an account. Sign in with that account's email and password.",
        "join.dead.expired": "This invitation has expired.",
        "join.dead.revoked": "The study team has withdrawn this invitation.",
        "join.dead.askTeam": "Ask the study team for a new invitation: they can send you one by email.",
    ]

    static let simplifiedChinese: [String: String] = [
        "signIn.forgot": "忘记密码？",
        "signIn.reset": "您的密码已更改。请用新密码登录。",
        "signIn.error.deactivated": "这个账户已被停用，无法登录。请联系研究的管理员重新启用。",
        "recovery.forgot.title": "忘记密码？",
        "recovery.forgot.intro": "请输入您账户的电子邮箱。我们会给您发送一个设置新密码的链接。",
        "recovery.forgot.submit": "发送链接",
        "recovery.noMail": "本研究尚未设置发送电子邮件，因此无法给您发送链接。请联系研究团队，他们可以帮您重新登录。",
        "recovery.backToSignIn": "返回登录",
        "recovery.error.wait": "请求链接的次数过多。请等待 {wait}后再试。",
        "recovery.sent.title": "请查看您的电子邮件",
        "recovery.sent.body": "如果有账户使用这个电子邮箱，我们已向它发送了设置新密码的链接。链接在一小时内有效，只能使用一次。",
        "recovery.sent.spam": "几分钟后仍未收到？请查看垃圾邮件文件夹，或重新申请链接。使用时只有最新的链接有效。",
        "recovery.reset.title": "设置新密码",
        "recovery.reset.intro": "请为您的账户设置新密码，然后用它登录。",
        "recovery.reset.code": "重置码",
        "recovery.reset.codeHint": "如果此框为空，请填入邮件中的重置码。",
        "recovery.reset.submit": "保存新密码",
        "recovery.reset.unknown": "这个重置链接或重置码无效。请复制邮件中的完整链接，或重新申请。",
        "recovery.reset.used": "这个重置链接已经用过了。如果仍无法登录，请重新申请。",
        "recovery.reset.expired": "这个重置链接已超过一小时，不再有效。请重新申请。",
        "recovery.reset.newLink": "获取新链接",
        "join.dead.title": "这个邀请链接无法使用",
        "join.dead.unknown": "这不是我们发出的邀请链接。请确认您打开的是邮件或信件中的完整链接。",
        "join.dead.used": "这个邀请已经用于创建账户。请用该账户的电子邮箱和密码登录。",
        "join.dead.expired": "这个邀请已过期。",
        "join.dead.revoked": "研究团队已撤回这个邀请。",
        "join.dead.askTeam": "请向研究团队索取新的邀请，他们可以通过电子邮件发给您。",
    ]
}
