import Care
import Cryptography
import Foundation
import Recover
import RecoverData
import Web

/// The feed page's `ETag`, made before any of the feed's reads from what the page is a function of: the
/// participant's and the study's feed versions (``FeedVersion``, one read), the day shown and today in their
/// zone, the language, the session's CSRF token (the page's forms carry it), the saved note and the health
/// card's cookie, the asset catalog and the running build. A repeat visit whose `If-None-Match` names it is
/// answered 304 without reading the participant or rendering anything.
///
/// The version is read before the page's records, so a page carries the tag of a version at or before the
/// one it shows: a write between the two makes the next visit's tag differ, never a stale page match.
struct FeedTag {
    /// The weak validator (`W/"feed-…"`).
    let value: String

    /// The tag of the feed of `day` for the signed-in participant of `request`; `today` is theirs at the
    /// instant the page is made for.
    init(_ request: Request, account: Account, day: LocalDate, today: LocalDate, study: StudyServices) throws {
        let version = try study.records.feedVersion(participantID: account.id)
        let parts: [String] = [
            account.id, String(version.participant), String(version.study), String(version.shared),
            day.description, today.description, account.zoneIdentifier, request.language.tag,
            Crypto.sha256Hex(request.csrfToken), SavedNote.task(in: request) ?? "-",
            HealthCard.isHidden(request) ? "hidden" : "shown", Self.build,
        ]
        value = "W/\"feed-\(Crypto.sha256Hex(parts.joined(separator: "\n")).prefix(32))\""
    }

    /// What renders differently without any record changing: the assets' hashed names, and a value drawn
    /// at each start of the server (a new build may write the same records differently).
    static let build: String = {
        let assets = AssetCatalog.shared.hashedNames.sorted { $0.key < $1.key }.map(\.value)
        return Crypto.hex(Crypto.randomBytes(8)) + "/" + assets.joined(separator: ",")
    }()
}
