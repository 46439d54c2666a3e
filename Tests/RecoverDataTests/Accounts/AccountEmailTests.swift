import Foundation
import RecoverData
import Testing

/// The stored form of an email address: what Foundation's trimming of whitespace and newlines and a lowercase
/// make of it, whether or not it takes the path without trimming.
struct AccountEmailTests {
    static let addresses = [
        "pat@example.com", "Pat@Example.COM", " pat@example.com", "pat@example.com\n", "\tPat@example.com \r\n",
        "\u{00A0}pat@example.com\u{3000}", "\u{2028}pat@example.com", "pat@example.com\u{0085}", "", " ", "\n",
        "émile@exemple.fr", "pat@exämple.com", "Ünal@example.com ", "\u{301}pat@example.com", "pat@example.com\u{301}",
        "~pat@example.com!", "\u{7F}pat@example.com",
    ]

    @Test(arguments: addresses) func anAddressIsTrimmedAndLowercasedAsFoundationDoes(address: String) {
        let expected = address.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        #expect(Account.normalizedEmail(address) == expected)
    }
}
