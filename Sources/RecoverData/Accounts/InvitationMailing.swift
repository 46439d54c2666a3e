import Cryptography
import Foundation

/// Invitations by e-mail from the console (docs/account-recovery.md, "Invitations"): for each address, an
/// invitation with an expiry and an `invitation` message with its link, all in one write, so a message exists
/// exactly when its invitation does. The code goes out in the message only; the database keeps its hash.
public struct InvitationMailing: Sendable {
    /// The study database.
    public let database: StudyStorage

    /// The longest an invitation may work.
    public static let maximumDays = 90
    /// The most addresses in one request.
    public static let maximumAddresses = 100

    /// Invitations by mail on `database`.
    public init(database: StudyStorage) { self.database = database }

    /// The addresses in `text` (one per line, or separated by commas, semicolons or spaces), normalised and
    /// without repeats; `invalid` lists what is not an address, as typed.
    public static func addresses(in text: String) -> (valid: [String], invalid: [String]) {
        var valid: [String] = []
        var invalid: [String] = []
        for item in text.split(whereSeparator: { ",;".contains($0) || $0.isWhitespace }) {
            let address = Account.normalizedEmail(String(item))
            if Account.isPlausibleEmail(address), MailAddress.isValid(address) {
                if !valid.contains(address) { valid.append(address) }
            } else {
                invalid.append(String(item.prefix(80)))
            }
        }
        return (valid, invalid)
    }

    /// Invites each of `addresses` (already checked by ``addresses(in:)``) in `language`, each invitation
    /// working for `days` days, sent by the admin `createdBy`; links start with `linkBase`.
    public func invite(
        _ addresses: [String], language: String, days: Int, createdBy: String, linkBase: String, at now: Date
    ) throws {
        guard (1...Self.maximumAddresses).contains(addresses.count), (1...Self.maximumDays).contains(days) else {
            throw MessageOutboxError(.invalidRecipient)
        }
        let expiry = now.addingTimeInterval(TimeInterval(days) * 86_400)
        try database.write { db in
            db.auditActor = "account:\(createdBy)"
            for address in addresses {
                let code = Crypto.randomCode(length: 16)
                try AccountStore.createInvitation(
                    Invitation(code: code, createdBy: createdBy, createdAt: now, expiresAt: expiry), in: db)
                try MessageOutbox.enqueue(
                    MessageRequest(
                        kind: .invitation, recipient: address, language: language,
                        parameters: ["link": "\(linkBase)/join/\(code)", "days": String(days)],
                        dedupeKey: "invitation:\(Invitation.storedCode(code))"), at: now, in: db)
            }
        }
    }
}
