import Web

/// The contact card's console page: `GET` and `POST /console/contact`, admins only.
///
/// ```swift
/// ContactRoutes.add(to: &router, context: console)
/// ```
public enum ContactRoutes {
    /// Adds the console's contact page to `router`.
    public static func add(to router: inout Router, context: ConsoleContext) {
        router.group(.console) { console in
            console.get("/contact") { request in try ContactConsolePage.show(request, context: context) }
            console.post("/contact") { request in try ContactConsolePage.save(request, context: context) }
        }
    }
}
