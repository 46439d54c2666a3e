import CZxcvbn
import Foundation

/// How hard a password is to guess, as zxcvbn estimates it (Debian's `libzxcvbn`, the C port of Dropbox's
/// estimator): it finds the cheapest way to build the password from common passwords, words and names,
/// keyboard patterns, sequences, repeats, dates, l33t substitutions and the caller's own words.
///
/// ```swift
/// let strength = PasswordStrength(of: "monkey123", userInputs: ["pat@example.com", "Recover"])
/// strength.score   // 0: guessed within a thousand tries
/// ```
public struct PasswordStrength: Sendable, Hashable {
    /// The base-2 logarithm of the estimated number of guesses.
    public let entropyBits: Double

    /// The estimate for `password`; `userInputs` are words the person or the site would lean on (their
    /// e-mail address, the study's name), which count as almost free guesses.
    ///
    /// zxcvbn reads a C string, so a password with a NUL is estimated up to it (a lower, stricter figure).
    public init(of password: String, userInputs: [String] = []) {
        let words = userInputs.filter { !$0.isEmpty && !$0.contains("\0") }.map { strdup($0) }
        defer { for word in words { free(word) } }
        var dictionary: [UnsafePointer<CChar>?] = words.map { $0.map { UnsafePointer($0) } }
        dictionary.append(nil)
        entropyBits = password.withCString { text in
            dictionary.withUnsafeMutableBufferPointer { ZxcvbnMatch(text, $0.baseAddress, nil) }
        }
    }

    /// The base-10 logarithm of the estimated number of guesses.
    public var log10Guesses: Double { entropyBits * log10(2) }

    /// zxcvbn's score from 0 to 4: fewer than 10^3, 10^6, 10^8 or 10^10 guesses, or more.
    ///
    /// 3 and more resist an online attack and slow an offline one against a slow hash; 2 and less fall to a
    /// few days of throttled guessing.
    public var score: Int {
        switch log10Guesses {
        case ..<3: 0
        case ..<6: 1
        case ..<8: 2
        case ..<10: 3
        default: 4
        }
    }
}
