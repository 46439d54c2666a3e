import Care
import Cryptography
import Foundation
import Recover
import RecoverData
import Web

/// A participant page's `ETag` (the feed, a survey step), made before any of the page's reads from what the
/// page is a function of: the participant's and the study's versions (``FeedVersion``, one read), today in
/// their zone, the zone, the language, the session's CSRF token (the page's forms carry it), the URL's path
/// (the page, and the language switch's way back), the asset catalog and the running build, and what else the
/// page names (the feed's day and cookies). A repeat visit whose `If-None-Match` names it is answered 304, and
/// a visit without it gets the body kept for it (``PageCache``), without reading the participant or rendering
/// anything.
///
/// The version is read before the page's records, so a page carries the tag of a version at or before the
/// one it shows: a write between the two makes the next visit's tag differ, never a stale page match. The
/// version counts every table a participant page reads (docs/storage.md, "The feed's version"), and the CSRF
/// token's hash keeps a kept page, which holds the token, to its own session.
///
/// ```swift
/// let tag = try PageTag(kind: "step", request, account: account, today: today, study: study)
/// if let answer = tag.answer(request, pages: study.pages) { return answer }
/// return tag.kept(try makePage(), in: study.pages)
/// ```
struct PageTag {
    /// The weak validator (`W/"<kind>-…"`).
    let value: String

    /// The tag of the page of `kind` at `request`'s path for the signed-in participant `account`; `today` is
    /// theirs at the instant the page is made for, `page` whatever else the page shows that no record holds.
    init(
        kind: String, _ request: Request, account: Account, today: LocalDate, page: [String] = [],
        study: StudyServices
    ) throws {
        let version = try study.records.feedVersion(participantID: account.id)
        let parts: [String] =
            [
                kind, request.path, account.id, String(version.participant), String(version.study),
                String(version.shared), today.description, account.zoneIdentifier, request.language.tag,
                Crypto.sha256Hex(request.csrfToken), Self.build,
            ] + page
        value = "W/\"\(kind)-\(Crypto.sha256Hex(parts.joined(separator: "\n")).prefix(32))\""
    }

    /// The answer without making the page: 304 when the request's `If-None-Match` names the tag, else the
    /// body kept for it in `pages`, compressed as the browser accepts with the coded body kept beside it; nil
    /// when the page has to be made.
    func answer(_ request: Request, pages: PageCache) -> Response? {
        if let sent = request.headers["if-none-match"], ConditionalPagesMiddleware.matches(sent, value) {
            return ConditionalPagesMiddleware.notModified(tag: value)
        }
        guard let body = pages.body(for: value) else { return nil }
        var response = Response(headers: ["Content-Type": "text/html; charset=utf-8"], body: body)
        response.headers["ETag"] = value
        // Coded here with the coded body kept too, so a browser's next visit is not compressed again.
        Compression.encode(&response, for: request) { body, coding in
            if let kept = pages.coded(for: value, coding) { return kept }
            let coded = Compression.compress(body, coding)
            if let coded { pages.storeCoded(coded, of: body, for: value, coding) }
            return coded
        }
        return response
    }

    /// `response`, the page just made for the tag, carrying it; its body is kept in `pages` (when given) for
    /// the next request of the same tag.
    func kept(_ response: Response, in pages: PageCache?) -> Response {
        var response = response
        pages?.store(response.body, for: value)
        response.headers["ETag"] = value
        return response
    }

    /// What renders differently without any record changing: the assets' hashed names, and a value drawn
    /// at each start of the server (a new build may write the same records differently).
    static let build: String = {
        let assets = AssetCatalog.shared.hashedNames.sorted { $0.key < $1.key }.map(\.value)
        return Crypto.hex(Crypto.randomBytes(8)) + "/" + assets.joined(separator: ",")
    }()
}
