import Foundation

/// One consent document of a study at one version, in each of the study's languages (docs/study-file.md,
/// "Consent documents"). A changed text is a new version: participants who signed an earlier one are asked to
/// sign again when the document is required.
///
/// JSON: `{"id": "participation", "version": "1.0", "required": true,
/// "languages": {"en": {"title": "...", "html": "<!DOCTYPE html>...", "signatureMeaning": "..."}}}`.
public struct StudyConsent: Hashable, Sendable, Encodable {
    /// The document's id: 1 to 64 lowercase letters, digits and hyphens (`participation`).
    public var id: String
    /// Its version as the study numbers it (`1.0`).
    public var version: String
    /// Whether taking part needs it; a document cannot change this between versions.
    public var isRequired: Bool
    /// The text per language tag.
    public var languages: [String: Text]

    /// The document in one language.
    public struct Text: Hashable, Sendable, Encodable {
        /// The title pages show (`Taking part in the study`).
        public var title: String
        /// The whole HTML document: the exact bytes a participant signs.
        public var html: String
        /// What signing means, shown beside the signature and kept with it.
        public var signatureMeaning: String

        /// A text from its members.
        public init(title: String, html: String, signatureMeaning: String) {
            self.title = title
            self.html = html
            self.signatureMeaning = signatureMeaning
        }
    }

    /// A document from its members.
    public init(id: String, version: String, isRequired: Bool, languages: [String: Text]) {
        self.id = id
        self.version = version
        self.isRequired = isRequired
        self.languages = languages
    }

    private enum CodingKeys: String, CodingKey { case id, version, required, languages }

    /// Encodes the study-file form: `id`, `version`, `required`, `languages`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(version, forKey: .version)
        try c.encode(isRequired, forKey: .required)
        try c.encode(languages, forKey: .languages)
    }

    /// The document onboarding's consent step signs; a study file that gives consent documents must give it, required.
    public static let participation = "participation"

    /// Whether `id` is a document id: 1 to 64 lowercase letters, digits and hyphens.
    public static func isWellFormed(id: String) -> Bool {
        (1...64).contains(id.count) && id.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }
    }

    /// Whether `version` is a version: 1 to 32 lowercase letters, digits, dots and hyphens.
    public static func isWellFormed(version: String) -> Bool {
        (1...32).contains(version.count)
            && version.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "." || $0 == "-") }
    }
}

/// What the research console watches (docs/study-file.md, "Monitoring"): the daily task a participant falls
/// behind on, after how many missed days they are flagged, and which answers raise an alert.
///
/// JSON: `{"dailyTask": "checkin", "missedDays": 3, "alerts": [<StudyAlertRule>]}`.
public struct StudyMonitoring: Hashable, Sendable, Encodable {
    /// The required daily task adherence, "behind today" and missed days are counted on; nil for none.
    public var dailyTask: String?
    /// Days in a row without the daily task before a participant is flagged (1 to 30).
    public var missedDays: Int
    /// The alert rules, in file order.
    public var alerts: [StudyAlertRule]

    /// The missed-days count when a file gives none.
    public static let defaultMissedDays = 3
    /// The most missed days a rule may wait for.
    public static let maximumMissedDays = 30

    /// Monitoring from its members.
    public init(dailyTask: String?, missedDays: Int = defaultMissedDays, alerts: [StudyAlertRule] = []) {
        self.dailyTask = dailyTask
        self.missedDays = missedDays
        self.alerts = alerts
    }

    /// No daily task, no alerts: what a study file without `monitoring` has.
    public static let none = StudyMonitoring(dailyTask: nil)
}

/// An alert on a participant's latest answer: the newest live outcome of `task` whose value of kind `kind` is at
/// or above (or at or below) `threshold`.
///
/// JSON: `{"id": "high-pain", "task": "checkin", "kind": "checkin.form.pain", "atLeast": 8,
/// "message": {"en": "Last pain score {value} (on {date})"}}`.
public struct StudyAlertRule: Hashable, Sendable, Encodable {
    /// Which side of the threshold raises the alert.
    public enum Direction: String, Hashable, Sendable {
        /// The value is at or above the threshold.
        case atLeast
        /// The value is at or below the threshold.
        case atMost
    }

    /// The rule's id, unique in the study (`high-pain`).
    public var id: String
    /// The task whose latest outcome is looked at.
    public var task: String
    /// The outcome value kind compared.
    public var kind: String
    /// The side of the threshold.
    public var direction: Direction
    /// The threshold.
    public var threshold: Double
    /// What the console says, per language tag; `{value}` and `{date}` are filled in.
    public var message: [String: String]

    /// A rule from its members.
    public init(
        id: String, task: String, kind: String, direction: Direction, threshold: Double, message: [String: String]
    ) {
        self.id = id
        self.task = task
        self.kind = kind
        self.direction = direction
        self.threshold = threshold
        self.message = message
    }

    /// Whether `value` raises the alert.
    public func raises(_ value: Double) -> Bool {
        switch direction {
        case .atLeast: value >= threshold
        case .atMost: value <= threshold
        }
    }

    /// The message in `language`, else the first language's, else any.
    public func message(language: String, fallback: String?) -> String {
        StudyText.pick(message, language, fallback: fallback) ?? id
    }

    private enum CodingKeys: String, CodingKey { case id, task, kind, atLeast, atMost, message }

    /// Encodes the study-file form, the threshold under `atLeast` or `atMost` by the rule's direction.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(task, forKey: .task)
        try c.encode(kind, forKey: .kind)
        try c.encode(threshold, forKey: direction == .atLeast ? .atLeast : .atMost)
        try c.encode(message, forKey: .message)
    }
}

/// The study team's contact card as a study file gives it: who participants call or write to. The name, phone
/// and e-mail are the same in every language; the role and the notes (hours) are per language tag.
///
/// JSON: `{"name": "Recover study desk", "role": {"en": "Study nurse"}, "phone": "+41 44 000 00 00",
/// "email": "desk@example.org", "notes": {"en": "Weekdays 9:00-17:00"}}`.
public struct StudyContactCard: Hashable, Sendable, Encodable {
    /// The person or desk.
    public var name: String
    /// Their role per language tag.
    public var role: [String: String]
    /// A phone number; empty for none.
    public var phone: String
    /// An e-mail address; empty for none.
    public var email: String
    /// Hours or a note per language tag.
    public var notes: [String: String]

    /// A card from its members.
    public init(name: String, role: [String: String], phone: String, email: String, notes: [String: String]) {
        self.name = name
        self.role = role
        self.phone = phone
        self.email = email
        self.notes = notes
    }

    private enum CodingKeys: String, CodingKey { case name, role, phone, email, notes }

    /// Encodes the study-file form, leaving out an empty role, phone, e-mail or notes.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        if !role.isEmpty { try c.encode(role, forKey: .role) }
        if !phone.isEmpty { try c.encode(phone, forKey: .phone) }
        if !email.isEmpty { try c.encode(email, forKey: .email) }
        if !notes.isEmpty { try c.encode(notes, forKey: .notes) }
    }
}
