import Cryptography
import Foundation

/// Operator tasks on accounts: first-start setup, invitations, staff accounts.
public struct Enrollment: Sendable {
    /// Where the accounts and invitations are stored.
    public let directory: any AccountDirectory
    /// What hashes staff passwords before they are stored.
    public let hasher: any PasswordHashing
    /// The current instant: when invitations and accounts are created.
    public let now: @Sendable () -> Date

    /// Enrollment on `directory`; `hasher` and `now` default to ``PasswordHasher`` and the system clock.
    public init(
        directory: any AccountDirectory, hasher: any PasswordHashing = PasswordHasher(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.directory = directory
        self.hasher = hasher
        self.now = now
    }

    /// What the first start created, to print once.
    public struct FirstStart: Sendable {
        /// The admin account's email, ``Enrollment/firstAdminEmail``.
        public let adminEmail: String
        /// The admin account's generated password, in clear: it is stored only as a hash.
        public let adminPassword: String
        /// The demo invitation's code; it works until it is used.
        public let invitationCode: String
    }

    /// The email of the admin account made on first start.
    public static let firstAdminEmail = "admin@recover.local"

    /// On a directory without staff: creates the admin account with a generated password and one
    /// demo invitation. `nil` when staff already exist (later starts).
    public func firstStartIfNeeded(timeZone: String) throws -> FirstStart? {
        guard try !directory.hasStaffAccount() else { return nil }
        let password = Self.generatedPassword()
        _ = try addStaff(email: Self.firstAdminEmail, role: .admin, password: password, timeZone: timeZone)
        let code = try invite(count: 1, createdBy: nil)[0]
        return FirstStart(adminEmail: Self.firstAdminEmail, adminPassword: password, invitationCode: code)
    }

    /// Creates `count` single-use invitation codes, each working for `lifetime` seconds (nil: until used).
    public func invite(count: Int, createdBy: String?, lifetime: TimeInterval? = nil) throws -> [String] {
        try (0..<count).map { _ in
            let code = Crypto.randomCode(length: 16)
            let time = now()
            try directory.addInvitation(
                code: code, createdBy: createdBy, at: time, expiresAt: lifetime.map { time.addingTimeInterval($0) })
            return code
        }
    }

    /// Adds a staff account; throws ``EnrollmentError`` for a bad email, role or password.
    public func addStaff(email: String, role: AccountRole, password: String, timeZone: String) throws -> Account {
        let normalized = Account.normalizedEmail(email)
        guard Account.isPlausibleEmail(normalized) else { throw EnrollmentError.invalidEmail }
        guard role.isStaff else { throw EnrollmentError.notAStaffRole }
        if let problem = PasswordPolicy.problem(with: password, email: normalized) {
            throw EnrollmentError.weakPassword(problem)
        }
        let account = Account(
            email: normalized, passwordHash: try hasher.hash(password), role: role, timeZone: timeZone, createdAt: now()
        )
        do {
            try directory.addAccount(account)
        } catch AccountDirectoryError.emailTaken {
            throw EnrollmentError.emailTaken
        }
        return account
    }

    /// A random password of 20 characters (about 115 bits), for printing once.
    public static func generatedPassword() -> String { Crypto.randomCode(length: 20) }
}

/// Why an operator's account request was refused.
public enum EnrollmentError: Error, Sendable, CustomStringConvertible {
    case invalidEmail
    case notAStaffRole
    case weakPassword(PasswordPolicy.Problem)
    case emailTaken

    /// What is wrong, in English, for the operator.
    public var description: String {
        switch self {
        case .invalidEmail: "the email address is not valid"
        case .notAStaffRole: "the role must be admin or researcher"
        case .weakPassword(let problem):
            switch problem {
            case .tooShort: "the password must have at least \(PasswordPolicy.minimumLength) characters"
            case .tooLong: "the password must have at most \(PasswordPolicy.maximumLength) characters"
            case .common: "the password is too common"
            case .weak: "the password is too easy to guess: add words or make it longer"
            }
        case .emailTaken: "an account with this email already exists"
        }
    }
}
