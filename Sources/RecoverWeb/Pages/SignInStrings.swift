/// The strings of throttled password checks and of the join's answer, merged into ``Catalog``.
enum SignInStrings {
    static let english: [String: String] = [
        "signIn.error.wait": "Too many sign-in attempts. Wait {wait} and try again.",
        "signIn.joined":
            "Thank you. Now sign in with your email address and your password. If you already had an account with this email address, use the password of that account.",
        "join.error.wait": "Too many attempts from your network. Wait {wait} and try again.",
        "account.error.wait": "Too many wrong current passwords. Wait {wait} and try again.",
        "wait.second": "1 second",
        "wait.seconds": "{count} seconds",
        "wait.minute": "1 minute",
        "wait.minutes": "{count} minutes",
    ]

    static let simplifiedChinese: [String: String] = [
        "signIn.error.wait": "登录尝试次数过多。请等待 {wait}后再试。",
        "signIn.joined": "谢谢。现在请用您的电子邮箱和密码登录。如果您之前已用这个电子邮箱注册过账户，请使用该账户的密码。",
        "join.error.wait": "来自您所在网络的尝试次数过多。请等待 {wait}后再试。",
        "account.error.wait": "当前密码输错次数过多。请等待 {wait}后再试。",
        "wait.second": "1 秒",
        "wait.seconds": "{count} 秒",
        "wait.minute": "1 分钟",
        "wait.minutes": "{count} 分钟",
    ]
}
