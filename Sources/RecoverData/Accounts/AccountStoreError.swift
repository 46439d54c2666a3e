/// An account, invitation or session operation that cannot be done. Carries no email or secret.
public enum AccountStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Another account already uses this email address.
    case emailTaken
    /// The email address is empty or has no `@`.
    case invalidEmail
    /// No account has this id.
    case accountNotFound
    /// No invitation has this code.
    case invitationNotFound
    /// The invitation was already redeemed.
    case invitationUsed
    /// Staff revoked the invitation.
    case invitationRevoked
    /// The invitation is past its expiry.
    case invitationExpired
    /// An invitation with this code already exists.
    case invitationCodeTaken

    /// What is wrong.
    public var description: String {
        switch self {
        case .emailTaken: "an account with this email address already exists"
        case .invalidEmail: "the email address is not valid"
        case .accountNotFound: "no such account"
        case .invitationNotFound: "no such invitation"
        case .invitationUsed: "the invitation has already been used"
        case .invitationRevoked: "the invitation has been revoked"
        case .invitationExpired: "the invitation has expired"
        case .invitationCodeTaken: "an invitation with this code already exists"
        }
    }
}
