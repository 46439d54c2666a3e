import RecoverData
import Web

extension Request {
    /// The slot of the signed-in session in the request's storage.
    enum SessionKey: RequestStorageKey {
        typealias Value = SignedInSession
    }

    /// The signed-in session, if any; set by ``SessionMiddleware``.
    public internal(set) var session: SignedInSession? {
        get { storage[SessionKey.self] }
        set { storage[SessionKey.self] = newValue }
    }

    /// The slot of the account whose session this request's cookie ended (timed out).
    enum ExpiredAccountKey: RequestStorageKey {
        typealias Value = String
    }

    /// The account id of the session that timed out on this request, if any: it signs nothing in, it only lets
    /// a page that could not be sent ask to sign in again and keep its answers (``SessionCarry``).
    public internal(set) var expiredAccountID: String? {
        get { storage[ExpiredAccountKey.self] }
        set { storage[ExpiredAccountKey.self] = newValue }
    }

    /// The signed-in account, if any.
    public var account: Account? { session?.account }
}
