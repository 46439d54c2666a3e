import Cryptography
import Testing

@Suite struct PasswordStrengthTests {
    @Test func decoratedDictionaryWordsScoreLowAndUnrelatedWordsHigh() {
        #expect(PasswordStrength(of: "monkey123").score == 0)
        #expect(PasswordStrength(of: "P@ssw0rd!").score == 0)
        #expect(PasswordStrength(of: "Summer2024!").score <= 1)
        #expect(PasswordStrength(of: "kiwi tiger lamp orbit").score == 4)
    }

    @Test func theCallersWordsCountAsKnown() {
        let alone = PasswordStrength(of: "quokkafarmer 7")
        let known = PasswordStrength(of: "quokkafarmer 7", userInputs: ["quokkafarmer@example.org", "quokkafarmer"])
        #expect(alone.score == 4)
        #expect(known.score < 3)
    }

    @Test func theScoreFollowsTheGuessesOfZxcvbn() {
        let strength = PasswordStrength(of: "correct horse battery")
        #expect(abs(strength.log10Guesses - strength.entropyBits * 0.30103) < 0.001)
        #expect(strength.score == 4)
        #expect(PasswordStrength(of: "").score == 0)
    }
}
