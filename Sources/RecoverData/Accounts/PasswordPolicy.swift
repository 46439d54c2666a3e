import Cryptography

/// The password rules of OWASP ASVS level 2: 8 to 128 characters, no composition rules, not a common or
/// breached password (nor one of them with a few digits or symbols around it), and not easy to guess by
/// zxcvbn's estimate, the person's e-mail address and the study's name counting as known words.
///
/// ```swift
/// PasswordPolicy.problem(with: "monkey123", email: "pat@example.com")   // .common
/// PasswordPolicy.problem(with: "kiwi tiger lamp orbit")                 // nil
/// ```
public struct PasswordPolicy: Sendable {
    /// The shortest allowed password, in characters.
    public static let minimumLength = 8
    /// The longest allowed password, in characters (at least 64 as ASVS asks).
    public static let maximumLength = 128
    /// The lowest zxcvbn score accepted: 3, at least 10^8 estimated guesses ("safely unguessable" in
    /// zxcvbn's words; 2 and less fall to days of throttled online guessing).
    public static let minimumScore = 3
    /// The study's name, a word people lean on when they choose a password for it.
    public static let studyName = "Recover"

    /// Why a password was refused: a localisation key.
    public enum Problem: String, Sendable, Error {
        case tooShort = "password.error.tooShort"
        case tooLong = "password.error.tooLong"
        case common = "password.error.common"
        case weak = "password.error.weak"
    }

    /// The problem with `password` chosen by the owner of `email`, or `nil` when it is acceptable.
    public static func problem(with password: String, email: String? = nil, studyName: String = studyName)
        -> Problem?
    {
        if password.count < minimumLength { return .tooShort }
        // Checked before zxcvbn, whose cost grows with the length.
        if password.count > maximumLength { return .tooLong }
        if CommonPasswords.contains(password) { return .common }
        let strength = PasswordStrength(of: password, userInputs: userInputs(email: email, studyName: studyName))
        return strength.score < minimumScore ? .weak : nil
    }

    /// The words zxcvbn counts as known: the address, its parts and the study's name.
    static func userInputs(email: String?, studyName: String) -> [String] {
        var words = [studyName.lowercased()]
        if let email = email.map(Account.normalizedEmail), !email.isEmpty {
            words.append(email)
            words += email.split(whereSeparator: { "@.+-_".contains($0) }).map(String.init).filter { $0.count >= 3 }
        }
        return words
    }
}
