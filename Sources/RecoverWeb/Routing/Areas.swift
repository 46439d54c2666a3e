import Web

/// Recover's areas, each declared once: the path prefix of its routes, who may reach them (``Access``) and how
/// large a body they accept. Route files add their routes to an area with `router.group(.account) { ... }`;
/// no route carries a rule of its own.
extension Area {
    /// Pages anyone may open: health, assets, sign-in and sign-out, joining, the language switch, and the start
    /// page (which sends visitors to sign in and staff to the console itself).
    public static let publicPages = Area(access: .public)

    /// `/account…`: the account page and the participant's own records, for any signed-in account.
    public static let account = Area("/account", access: .signedIn)

    /// Pages of any signed-in account outside `/account`: insights (staff are sent to the console) and the
    /// consent document the consent step frames.
    public static let signedInPages = Area(access: .signedIn)

    /// The participant's study pages: surveys, answers and the hearing screening's tones, for participants who
    /// take part.
    public static let studyPages = Area(access: .participant)

    /// Video uploads: study pages whose bodies (up to the media limit) stream to `files/incoming/`, taken only
    /// from a request that passes the session, CSRF and participant checks (and its route's own) on its headers.
    public static func uploads(_ media: MediaServices) -> Area {
        Area(access: .participant, bodyLimit: .spooled(media.uploadLimit, media.spooling))
    }

    /// `/account/health…`: the Apple Health page, its status and permissions, for participants who take part.
    public static let healthPages = Area("/account/health", access: .participant)

    /// `/account/health/upload`: Health exports (up to the operator's limit) stream to `health/incoming/`,
    /// taken only from a request that passes the session, CSRF and participant checks (and its route's own)
    /// on its headers.
    public static func healthUploads(_ health: HealthServices) -> Area {
        Area("/account/health", access: .participant, bodyLimit: .spooled(health.uploadLimit, health.spooling))
    }

    /// `/calendar…`: the participants' calendar links, fetched by calendar apps without a session (the link's
    /// secret token is the credential).
    public static let calendar = Area("/calendar", access: .public)

    /// `/console…`: the research console, staff only.
    public static let console = Area("/console", access: .staff)
}
