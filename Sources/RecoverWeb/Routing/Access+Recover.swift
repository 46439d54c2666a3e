import RecoverData
import Web

/// Recover's access rules, put on route groups (``Area``): who may reach a page and what everyone else gets.
///
/// Signed-out visitors of a page are sent to sign in; their other requests get a 401 page. On the uploads area
/// each rule runs on the headers alone first (the session resolved from its cookie), so a request it refuses
/// never sends its body anywhere.
extension Access {
    /// Any signed-in account: participants (withdrawn ones too) and staff.
    public static let signedIn = Access("signed in") { request in
        try signInFirst(request) ?? .allow
    }

    /// Participants who take part: staff get a 403 page, withdrawn participants theirs.
    public static let participant = Access("participant") { request in
        if let signIn = try signInFirst(request) { return signIn }
        _ = try ParticipantContext.participantAccount(request)
        return .allow
    }

    /// Staff accounts (admin or researcher) only: participants get a 403 page.
    public static let staff = Access("staff") { request in
        if let signIn = try signInFirst(request) { return signIn }
        if request.account?.role.isStaff != true { throw HTTPError(.forbidden, "error.staffOnly") }
        return .allow
    }

    /// Sends a signed-out visitor of a page to sign in and refuses their other requests (401); `nil` when
    /// signed in.
    static func signInFirst(_ request: Request) throws -> Decision? {
        guard request.session == nil else { return nil }
        if request.method == .get || request.method == .head, !request.prefersJSON {
            return .answer(.redirect(to: "/sign-in"))
        }
        throw HTTPError(.unauthorized)
    }
}
