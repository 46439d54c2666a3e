/// The password rules of OWASP ASVS level 2: 8 to 128 characters, no composition rules, and not
/// one of the most common passwords.
public struct PasswordPolicy: Sendable {
    /// The shortest allowed password, in characters.
    public static let minimumLength = 8
    /// The longest allowed password, in characters (at least 64 as ASVS asks).
    public static let maximumLength = 128

    /// Why a password was refused: a localisation key.
    public enum Problem: String, Sendable, Error {
        case tooShort = "password.error.tooShort"
        case tooLong = "password.error.tooLong"
        case common = "password.error.common"
    }

    /// The problem with `password`, or `nil` when it is acceptable.
    public static func problem(with password: String) -> Problem? {
        if password.count < minimumLength { return .tooShort }
        if password.count > maximumLength { return .tooLong }
        if CommonPasswords.list.contains(password.lowercased()) { return .common }
        return nil
    }
}
