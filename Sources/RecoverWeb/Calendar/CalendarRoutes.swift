import Foundation
import RecoverData
import Web

/// The calendar link: `GET /calendar/<token>.ics` for calendar apps (public: the token is the credential) and
/// `POST /account/calendar`, which makes a new link (revoking the old one) and shows it once.
///
/// ```swift
/// CalendarRoutes.add(to: &router, study: study, publicURL: "https://recover.example.org")
/// ```
public enum CalendarRoutes {
    /// How long a calendar app may reuse a fetched feed, in seconds.
    static let cacheSeconds = 900

    /// Adds the feed and the link's form; `publicURL` (`--public-url`) is the links' origin, else the
    /// request's own.
    public static func add(to router: inout Router, study: StudyServices, publicURL: String?) {
        router.group(.calendar) { calendar in
            calendar.get("/:file") { request in try feed(request, study: study, publicURL: publicURL) }
        }
        router.group(.account) { account in
            account.post("/calendar") { request in
                try CalendarSection.reset(request, study: study, publicURL: publicURL)
            }
        }
    }

    /// The feed of `<token>.ics`; 404 with a page saying what to do for a token that is wrong or was reset.
    /// The request log writes the route's pattern, never the path, so the token is not logged.
    static func feed(_ request: Request, study: StudyServices, publicURL: String?) throws -> Response {
        let file = try request.parameter("file")
        let now = study.now()
        guard file.hasSuffix(".ics"),
            let found = try study.records.calendarEvents(token: String(file.dropLast(4)), now: now)
        else { throw HTTPError(.notFound, "calendar.error.unknown") }
        let document = CalendarDocument.feed(found, baseURL: baseURL(request, publicURL: publicURL), now: now)
        return Response(
            headers: [
                "Content-Type": "text/calendar; charset=utf-8",
                "Cache-Control": "private, max-age=\(cacheSeconds)",
                "Content-Disposition": "inline; filename=\"recover.ics\"",
            ], body: Array(document.document.utf8))
    }

    /// The origin links are built on: `--public-url` when configured, else the scheme and `Host` of `request`
    /// (a host of letters, digits, dots, hyphens, a port or an IPv6 literal; anything else falls back to
    /// `localhost`).
    static func baseURL(_ request: Request, publicURL: String?) -> String {
        if let publicURL, !publicURL.isEmpty {
            return publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL
        }
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:[]")
        let host = request.headers["host"] ?? ""
        let safeHost = !host.isEmpty && host.count <= 255 && host.allSatisfy(allowed.contains) ? host : "localhost"
        return "\(request.isSecure ? "https" : "http")://\(safeHost)"
    }
}
