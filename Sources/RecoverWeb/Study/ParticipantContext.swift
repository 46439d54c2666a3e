import Care
import Foundation
import Recover
import RecoverData
import Web

/// The signed-in participant as the study pages see them: their records' state (plan created on first
/// visit), zone, today, and the language pages are written in.
struct ParticipantContext {
    let state: ParticipantState
    let language: StudyLanguage

    var account: Account { state.account }
    var patientID: String { state.patientID }
    var zone: TimeZone { state.zone }
    var now: Date { state.now }
    var today: LocalDate { state.today }
    var isOnboarded: Bool { state.isOnboarded }
    var carePlanID: String { state.carePlanID }

    func taskID(_ studyTaskID: String) -> String { state.taskID(studyTaskID) }

    /// The participant of `request` at `now` (the study clock's by default). Staff and visitors get an error
    /// (callers redirect them first).
    static func load(_ request: Request, study: StudyServices, now: Date? = nil) throws -> ParticipantContext {
        let account = try participantAccount(request)
        return ParticipantContext(
            state: try study.records.participant(account, now: now ?? study.now()), language: language(request))
    }

    /// The signed-in participant's account; a 403 for staff, visitors and withdrawn participants. The one
    /// definition of who takes part: the study pages' rule (``Access/participant``) applies it before the
    /// handler runs.
    static func participantAccount(_ request: Request) throws -> Account {
        guard let account = request.account, !account.role.isStaff else {
            throw HTTPError(.forbidden, "error.403.message")
        }
        // A withdrawn participant keeps sign-in for their records, but takes part in nothing any more.
        if account.withdrawnAt != nil { throw HTTPError(.forbidden, "study.error.withdrawn") }
        return account
    }

    static func language(_ request: Request) -> StudyLanguage {
        StudyLanguage(tag: request.language.tag) ?? .english
    }
}
