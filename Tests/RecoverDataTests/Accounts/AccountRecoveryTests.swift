import Cryptography
import Foundation
import RecoverData
import Testing

/// Account recovery on every backend: a reset link only for an account that may sign in, stored as a hash,
/// single use, an hour long, ending every session; the notice; staff deactivation.
@Suite struct AccountRecoveryTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let base = "https://study.example"

    struct Setup {
        let storage: StudyStorage
        let recovery: AccountRecovery
        let outbox: MessageOutbox
        let directory: StoredAccountDirectory

        init(_ backend: StudyBackend) throws {
            storage = try backend.storages(1)[0]
            recovery = AccountRecovery(database: storage)
            outbox = MessageOutbox(database: storage)
            directory = StoredAccountDirectory(database: storage)
        }

        @discardableResult
        func account(_ email: String, role: AccountRole = .participant, language: String? = "zh-Hans") throws
            -> Account
        {
            let account = Account(
                email: email, passwordHash: "$argon2id$old", role: role, language: language, createdAt: start)
            try directory.addAccount(account)
            return account
        }

        func session(for account: Account, token: String) throws {
            try directory.addSession(
                SessionRecord(
                    tokenHash: Crypto.sha256Hex(token), accountID: account.id, csrfToken: "c", createdAt: start,
                    lastSeenAt: start, absoluteExpiry: start.addingTimeInterval(3600)))
        }

        /// The reset code of the newest queued reset message.
        func queuedCode() throws -> String {
            let entry = try #require(try outbox.log(MessageLogQuery(kind: .passwordReset)).first)
            return try #require(try outbox.message(id: entry.id)?.parameters["code"])
        }
    }

    @Test(arguments: StudyBackend.allCases) func aResetIsQueuedOnlyForAnAccountThatExists(backend: StudyBackend) throws
    {
        let setup = try Setup(backend)
        try setup.account("ada@example.org")
        #expect(
            try !setup.recovery.requestReset(
                email: "nobody@example.org", language: "en", linkBase: Self.base, at: Self.start))
        #expect(try setup.outbox.log().isEmpty, "nothing queued for an unknown address")
        #expect(
            try setup.recovery.requestReset(
                email: " ADA@example.org ", language: "en", linkBase: Self.base, at: Self.start))
        let entry = try #require(try setup.outbox.log().first)
        #expect(entry.kind == .passwordReset && entry.recipient == "ada@example.org")
        #expect(entry.language == "zh-Hans", "the account's language wins over the page's")
        let message = try #require(try setup.outbox.message(id: entry.id))
        let code = try #require(message.parameters["code"])
        #expect(code.utf8.count == 43)
        #expect(message.parameters["link"] == "\(Self.base)/reset-password#\(code)")
        let stored = try setup.storage.read { db in
            try db.query("SELECT token_hash FROM password_reset").map { try $0.string("token_hash") }
        }
        #expect(stored == [Crypto.sha256Hex(code)], "only the hash is stored")
    }

    @Test(arguments: StudyBackend.allCases) func aTokenWorksOnceWithinTheHourAndEndsEverySession(
        backend: StudyBackend
    ) throws {
        let setup = try Setup(backend)
        let account = try setup.account("ada@example.org")
        try setup.session(for: account, token: "laptop")
        try setup.session(for: account, token: "phone")
        try setup.recovery.requestReset(email: account.email, language: "en", linkBase: Self.base, at: Self.start)
        let code = try setup.queuedCode()
        #expect(try setup.recovery.state(ofToken: code, at: Self.start) == .valid(account))
        // One character changed (the token is random: its first character may itself be an "x").
        let altered = (code.first == "x" ? "y" : "x") + code.dropFirst()
        #expect(try setup.recovery.state(ofToken: altered, at: Self.start) == .unknown)
        #expect(try setup.recovery.state(ofToken: "short", at: Self.start) == .unknown)
        try setup.recovery.completeReset(
            token: code, passwordHash: "$argon2id$new", language: "en", linkBase: Self.base,
            at: Self.start.addingTimeInterval(60))
        #expect(try setup.directory.account(id: account.id)?.passwordHash == "$argon2id$new")
        #expect(try setup.directory.session(tokenHash: Crypto.sha256Hex("laptop")) == nil)
        #expect(try setup.directory.session(tokenHash: Crypto.sha256Hex("phone")) == nil)
        #expect(try setup.recovery.state(ofToken: code, at: Self.start.addingTimeInterval(61)) == .used)
        #expect(throws: AccountRecoveryError.usedToken) {
            try setup.recovery.completeReset(
                token: code, passwordHash: "$argon2id$again", language: "en", linkBase: Self.base,
                at: Self.start.addingTimeInterval(62))
        }
        #expect(try setup.directory.account(id: account.id)?.passwordHash == "$argon2id$new", "nothing changed")
        let notice = try #require(try setup.outbox.log(MessageLogQuery(kind: .resetNotice)).first)
        #expect(notice.recipient == account.email)
        let parameters = try #require(try setup.outbox.message(id: notice.id)?.parameters)
        #expect(parameters["signInLink"] == "\(Self.base)/sign-in")
    }

    @Test(arguments: StudyBackend.allCases) func aTokenExpiresAfterAnHourAndANewerResetClosesOlderOnes(
        backend: StudyBackend
    ) throws {
        let setup = try Setup(backend)
        let account = try setup.account("ada@example.org")
        try setup.recovery.requestReset(email: account.email, language: "en", linkBase: Self.base, at: Self.start)
        let first = try setup.queuedCode()
        #expect(try setup.recovery.state(ofToken: first, at: Self.start.addingTimeInterval(3599)) == .valid(account))
        #expect(try setup.recovery.state(ofToken: first, at: Self.start.addingTimeInterval(3600)) == .expired)
        #expect(throws: AccountRecoveryError.expiredToken) {
            try setup.recovery.completeReset(
                token: first, passwordHash: "$argon2id$new", language: "en", linkBase: nil,
                at: Self.start.addingTimeInterval(3600))
        }
        let later = Self.start.addingTimeInterval(4000)
        try setup.recovery.requestReset(email: account.email, language: "en", linkBase: Self.base, at: later)
        try setup.recovery.requestReset(email: account.email, language: "en", linkBase: Self.base, at: later)
        let codes = try setup.outbox.log(MessageLogQuery(kind: .passwordReset)).map { entry in
            try #require(try setup.outbox.message(id: entry.id)?.parameters["code"])
        }
        #expect(Set(codes).count == 3, "each request has its own token and message")
        try setup.recovery.completeReset(
            token: codes[0], passwordHash: "$argon2id$new", language: "en", linkBase: nil, at: later)
        #expect(try setup.recovery.state(ofToken: codes[1], at: later) == .used, "the other open link closed too")
    }

    @Test(arguments: StudyBackend.allCases) func aDeactivatedStaffAccountLosesItsSessionsAndItsLinks(
        backend: StudyBackend
    ) throws {
        let setup = try Setup(backend)
        let admin = try setup.account("admin@example.org", role: .admin)
        let researcher = try setup.account("res@example.org", role: .researcher)
        let participant = try setup.account("pat@example.org")
        try setup.session(for: researcher, token: "desk")
        try setup.recovery.requestReset(email: researcher.email, language: "en", linkBase: Self.base, at: Self.start)
        let code = try setup.queuedCode()
        try setup.recovery.setDeactivated(true, accountID: researcher.id, by: admin.id, at: Self.start)
        let stored = try #require(try setup.directory.account(id: researcher.id))
        #expect(stored.isDeactivated && stored.deactivatedAt == Self.start)
        #expect(try setup.directory.session(tokenHash: Crypto.sha256Hex("desk")) == nil)
        #expect(try setup.recovery.state(ofToken: code, at: Self.start) == .used)
        #expect(
            try !setup.recovery.requestReset(
                email: researcher.email, language: "en", linkBase: Self.base, at: Self.start))
        #expect(throws: AccountRecoveryError.ownAccount) {
            try setup.recovery.setDeactivated(true, accountID: admin.id, by: admin.id, at: Self.start)
        }
        #expect(throws: AccountRecoveryError.notStaff) {
            try setup.recovery.setDeactivated(true, accountID: participant.id, by: admin.id, at: Self.start)
        }
        let other = try setup.account("admin2@example.org", role: .admin)
        try setup.recovery.setDeactivated(true, accountID: admin.id, by: other.id, at: Self.start)
        #expect(throws: AccountRecoveryError.lastAdmin) {
            try setup.recovery.setDeactivated(true, accountID: other.id, by: researcher.id, at: Self.start)
        }
        try setup.recovery.setDeactivated(false, accountID: researcher.id, by: other.id, at: Self.start)
        #expect(try setup.directory.account(id: researcher.id)?.isDeactivated == false)
        let audit = try setup.storage.read { db in
            try db.query(
                "SELECT actor FROM audit_entry WHERE entity_type = 'account' AND entity_id = ? ORDER BY sequence",
                [researcher.id]
            ).map { try $0.string("actor") }
        }
        #expect(audit.suffix(2) == ["account:\(admin.id)", "account:\(other.id)"], "both changes audited by who")
    }

    @Test(arguments: StudyBackend.allCases) func aSentMessageForgetsItsParameters(backend: StudyBackend) throws {
        let setup = try Setup(backend)
        try setup.account("ada@example.org")
        try setup.recovery.requestReset(email: "ada@example.org", language: "en", linkBase: Self.base, at: Self.start)
        let claimed = try setup.outbox.claim(owner: "s", now: Self.start)
        #expect(claimed.count == 1 && claimed[0].parameters["code"] != nil)
        try setup.outbox.recordSent(claimed[0].id, owner: "s", at: Self.start)
        #expect(try setup.outbox.message(id: claimed[0].id)?.parameters == [:], "the token is not kept once sent")
    }
}
