import Foundation
import Recover
import Web

/// The feed's one-time "Saved" note after a survey's result is stored: a short-lived cookie naming the study
/// task (never an answer), read and cleared by the next feed page.
enum SavedNote {
    static let cookieName = "recover_saved"

    /// The cookie the completing response sets.
    static func cookie(for event: StudyEvent, request: Request) -> String {
        Cookie(name: cookieName, value: event.studyTaskID, maxAge: 600, secure: request.isSecure).headerValue
    }

    /// The study task the note names, when the request carries a well-formed task identifier.
    static func task(in request: Request) -> String? {
        guard let value = request.cookies[cookieName], StudyTaskID.isWellFormed(value) else { return nil }
        return value
    }

    /// The cookie that clears the note once shown.
    static func clear(_ request: Request) -> String {
        Cookie(name: cookieName, value: "", maxAge: 0, secure: request.isSecure).headerValue
    }
}
