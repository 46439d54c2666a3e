import RecoverData
import Testing

@Suite struct PasswordPolicyTests {
    @Test(arguments: ["letmein!", "monkey123", "        ", "Monkey123", "P@ssw0rd1", "iloveyou!!", "aaaaaaaaaa"])
    func commonPasswordsAndTheirDecorationsAreRefused(password: String) {
        #expect(PasswordPolicy.problem(with: password) == .common)
    }

    @Test(arguments: ["Summer2024!", "zaq1@WSX#", "Patient123!", "Recover2026!"])
    func passwordsZxcvbnGuessesQuicklyAreRefusedAsWeak(password: String) {
        #expect(PasswordPolicy.problem(with: password) != nil)
    }

    @Test func theEmailAndTheStudyNameCountAsKnownWords() {
        #expect(PasswordPolicy.problem(with: "quokkafarmer 7", email: "pat@example.com") == nil)
        #expect(PasswordPolicy.problem(with: "quokkafarmer 7", email: "QuokkaFarmer@example.org") == .weak)
        #expect(PasswordPolicy.problem(with: "recover-knee", studyName: "Kinetic") == nil)
        #expect(PasswordPolicy.problem(with: "recover-knee") == .weak)
    }

    @Test(arguments: ["correct horse battery", "kiwi tiger lamp orbit", "a new and better passphrase", "我的密码很安全吗"])
    func aStrongPassphraseIsAccepted(password: String) {
        #expect(PasswordPolicy.problem(with: password, email: "pat@example.com") == nil)
    }

    @Test func theLengthRulesStay() {
        #expect(PasswordPolicy.problem(with: "kiwi7#q") == .tooShort)
        let long = String(repeating: "kiwi tiger lamp orbit ", count: 6)
        #expect(long.count > PasswordPolicy.maximumLength)
        #expect(PasswordPolicy.problem(with: long) == .tooLong)
        #expect(PasswordPolicy.problem(with: String(long.prefix(PasswordPolicy.maximumLength))) == nil)
    }
}
