import Foundation
import Recover

/// The study team's contact, CareKit's `OCKContact` for the whole study: who to call or write to, shown on the
/// participant's feed and account page. The name, phone and e-mail are the same in every language; the role
/// and the hours or notes are written in English and in Chinese.
///
/// ```swift
/// let contact = try StudyContact.validated(name: "Dr. Mei Lin", roleEnglish: "Study nurse", ..., email: "x@y.org")
/// ```
public struct StudyContact: Hashable, Sendable {
    /// The person or desk (`Dr. Mei Lin`, `Recover study desk`).
    public var name: String
    /// Their role in English (`Study nurse`); may be empty.
    public var roleEnglish: String
    /// Their role in Chinese (`研究护士`); may be empty.
    public var roleChinese: String
    /// A phone number of digits, `+`, spaces, `-` and parentheses; empty for none.
    public var phone: String
    /// An e-mail address; empty for none.
    public var email: String
    /// Hours or a note in English (`Weekdays 9:00–17:00`); may be empty.
    public var notesEnglish: String
    /// Hours or a note in Chinese; may be empty.
    public var notesChinese: String
    /// When an admin last set it.
    public var updatedAt: Date

    /// The longest name or role, in characters.
    public static let maximumNameLength = 100
    /// The longest phone number, in characters.
    public static let maximumPhoneLength = 32
    /// The longest note, in characters.
    public static let maximumNotesLength = 300

    /// A contact from its fields, as stored.
    public init(
        name: String, roleEnglish: String, roleChinese: String, phone: String, email: String, notesEnglish: String,
        notesChinese: String, updatedAt: Date
    ) {
        self.name = name
        self.roleEnglish = roleEnglish
        self.roleChinese = roleChinese
        self.phone = phone
        self.email = email
        self.notesEnglish = notesEnglish
        self.notesChinese = notesChinese
        self.updatedAt = updatedAt
    }

    /// The role in `language` (`en` or `zh-Hans`), falling back to the other language's when empty.
    public func role(language: String) -> String {
        let (own, other) = language == "zh-Hans" ? (roleChinese, roleEnglish) : (roleEnglish, roleChinese)
        return own.isEmpty ? other : own
    }

    /// The hours or note in `language`, falling back to the other language's when empty.
    public func notes(language: String) -> String {
        let (own, other) = language == "zh-Hans" ? (notesChinese, notesEnglish) : (notesEnglish, notesChinese)
        return own.isEmpty ? other : own
    }

    /// The phone number as a `tel:` URI's number: the `+` and digits only (RFC 3966 allows visual separators,
    /// which some phones dial badly).
    public var dialablePhone: String { phone.filter { $0 == "+" || $0.isASCII && $0.isNumber } }

    /// The contact an admin typed, trimmed and checked: a name, at least a phone or an e-mail, a plausible
    /// e-mail (``MailAddress``), a phone of digits, `+`, spaces, `-` and parentheses with 3 to 20 digits, bounded
    /// lengths and no control characters; throws ``StudyContactError`` naming the first field that is wrong.
    public static func validated(
        name: String, roleEnglish: String, roleChinese: String, phone: String, email: String, notesEnglish: String,
        notesChinese: String, at instant: Date
    ) throws -> StudyContact {
        func clean(_ text: String, _ limit: Int, _ code: StudyContactError.Code, required: Bool = false) throws
            -> String
        {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard trimmed.count <= limit, !(required && trimmed.isEmpty),
                !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else { throw StudyContactError(code) }
            return trimmed
        }
        let contact = StudyContact(
            name: try clean(name, maximumNameLength, .name, required: true),
            roleEnglish: try clean(roleEnglish, maximumNameLength, .role),
            roleChinese: try clean(roleChinese, maximumNameLength, .role),
            phone: try clean(phone, maximumPhoneLength, .phone),
            email: try clean(email, 254, .email),
            notesEnglish: try clean(notesEnglish, maximumNotesLength, .notes),
            notesChinese: try clean(notesChinese, maximumNotesLength, .notes),
            updatedAt: instant)
        let phoneCharacters = Set("0123456789+ -()")
        let digits = contact.phone.filter { $0.isASCII && $0.isNumber }.count
        guard contact.phone.isEmpty || (contact.phone.allSatisfy(phoneCharacters.contains) && (3...20).contains(digits))
        else { throw StudyContactError(.phone) }
        guard contact.email.isEmpty || MailAddress.isValid(contact.email) else { throw StudyContactError(.email) }
        guard !contact.phone.isEmpty || !contact.email.isEmpty else { throw StudyContactError(.noWayToReach) }
        return contact
    }
}

/// Why a study contact was refused: the field that is wrong, for the form to say so.
public struct StudyContactError: Error, Hashable, Sendable {
    /// The field.
    public enum Code: String, Hashable, Sendable {
        case name, role, phone, email, notes, noWayToReach
    }

    /// What is wrong.
    public let code: Code

    /// An error about the field `code`.
    public init(_ code: Code) { self.code = code }

    /// What is wrong, in English, for the command line.
    public var message: String {
        switch code {
        case .name: "give a name of at most \(StudyContact.maximumNameLength) characters"
        case .role: "a role has at most \(StudyContact.maximumNameLength) characters"
        case .phone: "a phone number has digits, \"+\", spaces, \"-\" and parentheses, with 3 to 20 digits"
        case .email: "not an e-mail address"
        case .notes: "notes have at most \(StudyContact.maximumNotesLength) characters"
        case .noWayToReach: "give a phone number, an e-mail address or both"
        }
    }
}

extension StudyContact {
    /// The card as a study file writes it (`contact`): roles and notes by language tag, empty ones left out.
    public var card: StudyContactCard {
        func texts(_ english: String, _ chinese: String) -> [String: String] {
            [StudyLanguage.english.tag: english, StudyLanguage.simplifiedChinese.tag: chinese].filter {
                !$0.value.isEmpty
            }
        }
        return StudyContactCard(
            name: name, role: texts(roleEnglish, roleChinese), phone: phone, email: email,
            notes: texts(notesEnglish, notesChinese))
    }

    /// A study file's card checked as an admin's would be (``validated(name:roleEnglish:roleChinese:phone:email:notesEnglish:notesChinese:at:)``).
    public static func validated(_ card: StudyContactCard, at instant: Date) throws -> StudyContact {
        try validated(
            name: card.name, roleEnglish: card.role[StudyLanguage.english.tag] ?? "",
            roleChinese: card.role[StudyLanguage.simplifiedChinese.tag] ?? "", phone: card.phone, email: card.email,
            notesEnglish: card.notes[StudyLanguage.english.tag] ?? "",
            notesChinese: card.notes[StudyLanguage.simplifiedChinese.tag] ?? "", at: instant)
    }
}
