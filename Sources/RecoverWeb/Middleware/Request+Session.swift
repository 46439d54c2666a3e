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

    /// The signed-in account, if any.
    public var account: Account? { session?.account }
}
