/// A signed-in request's session and account.
public struct SignedInSession: Sendable, Hashable {
    /// The signed-in account.
    public var account: Account
    /// The stored session.
    public var entry: SessionRecord

    /// The session `entry` of `account`.
    public init(account: Account, entry: SessionRecord) {
        self.account = account
        self.entry = entry
    }
}
