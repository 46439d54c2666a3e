/// Values an app's middleware attaches to a request for the links and handlers after it, one per key
/// type: the framework carries them without knowing what they are.
///
/// ```swift
/// enum SessionKey: RequestStorageKey { typealias Value = SignedInSession }
///
/// extension Request {
///     var session: SignedInSession? {
///         get { storage[SessionKey.self] }
///         set { storage[SessionKey.self] = newValue }
///     }
/// }
/// ```
public struct RequestStorage: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]

    /// Empty storage.
    public init() {}

    /// The value stored under `key`, or `nil`; setting `nil` removes it.
    public subscript<Key: RequestStorageKey>(_ key: Key.Type) -> Key.Value? {
        get { values[ObjectIdentifier(key)] as? Key.Value }
        set { values[ObjectIdentifier(key)] = newValue }
    }
}

/// A key of ``RequestStorage``: the type names the slot, `Value` is what it holds.
public protocol RequestStorageKey {
    /// The type of the stored value.
    associatedtype Value: Sendable
}
