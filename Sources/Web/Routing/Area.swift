/// A part of the site declared once: the path prefix of its routes, who may reach them and how large a body
/// they accept. Route files of the same area add to it wherever they are:
///
/// ```swift
/// extension Area {
///     static let console = Area("/console", access: .staff)
/// }
///
/// router.group(.console) { console in console.get("/participants") { ... } }
/// ```
public struct Area: Sendable {
    /// The path every route of the area starts with (empty for none).
    public var prefix: String
    /// Who may reach the area; `nil` keeps the enclosing group's (the router's: anyone).
    public var access: Access?
    /// How large a body the area's routes accept; `nil` keeps the enclosing group's.
    public var bodyLimit: BodyLimit?

    /// An area under `prefix` with `access` and `bodyLimit`.
    public init(_ prefix: String = "", access: Access? = nil, bodyLimit: BodyLimit? = nil) {
        self.prefix = prefix
        self.access = access
        self.bodyLimit = bodyLimit
    }
}
