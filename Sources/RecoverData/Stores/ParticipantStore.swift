import Care
import Foundation
import HealthImport
import Recover
import Research

/// A participant's records and the use cases of the participant pages, each one transaction.
///
/// ``StudyDatabase`` implements it on SQLite; a further database implements it a second time and passes the
/// same contract suite (Tests/RecoverDataTests/ParticipantStoreContractTests.swift). The web holds an
/// `any ParticipantStore` and never sees the database behind it.
public protocol ParticipantStore: Sendable {
    /// The participant of `account` at `now`: one read, and a write only on first use (their patient record,
    /// care plan and onboarding task are created) or after their time zone changed.
    func participant(_ account: Account, now: Date) throws -> ParticipantState
    /// The event `key` of the participant and its saved draft, in one read.
    func surveyState(_ key: StudyEventKey, for participant: ParticipantState) throws -> SurveyState
    /// One day of the participant's feed and its week, with the events that have a saved draft, in one read.
    func feed(for participant: ParticipantState, day: LocalDate, weekStart: LocalDate) throws -> ParticipantFeed
    /// Saves `run` as the draft of the participant's event `key`.
    func saveDraft(_ run: SurveyRun, _ key: StudyEventKey, for participant: ParticipantState) throws
    /// Discards the saved draft of an event; nothing else changes.
    func discardDraft(_ key: StudyEventKey, for participant: ParticipantState) throws
    /// One survey page post in ONE write transaction: reads the participant (creating their plan on first
    /// use), the event and its draft, lets `decide` run the survey engine on them, then stores what it
    /// decided. Completion is idempotent by the run id; throws ``StudyRecordError``. `decide` runs while the
    /// writer is held: its value says what to answer, and the caller renders that after this returns.
    func updateSurvey<Value>(
        _ key: StudyEventKey, account: Account, now: Date, _ decide: (SurveyState) throws -> (SurveyUpdate, Value)
    ) throws -> Value
    /// Deletes the participant's live outcome `outcomeID` (a tombstone; the audit trail keeps the change).
    func deleteAnswer(outcomeID: String, for participant: ParticipantState) throws

    /// Every version of every task in the participant's care plans, by task id then version order.
    func taskHistory(patientID: String) throws -> [CareTask]
    /// The participant's live outcomes, by event start, optionally limited to events on `days`.
    func outcomes(patientID: String, days: ClosedRange<LocalDate>?) throws -> [Outcome]
    /// The staff corrections of the participant's outcome values, oldest first (``OutcomeCorrection``).
    func outcomeCorrections(patientID: String) throws -> [OutcomeCorrection]
    /// The participant's completed survey results, oldest first.
    func surveyResults(patientID: String) throws -> [SurveyResultRecord]
    /// The participant's consent records, oldest first.
    func consentRecords(patientID: String) throws -> [ConsentRecord]
    /// Every version of every consent document, each document's oldest first.
    func consentVersions() throws -> [ConsentDocumentVersion]
    /// Where the participant stands with each current consent document.
    func consentStandings(patientID: String) throws -> [ConsentStanding]
    /// The version and language whose text has SHA-256 `sha256`.
    func consentText(sha256: String) throws -> (version: ConsentDocumentVersion, language: String)?
    /// Stores the participant's signature of the current version of `documentID`; false when `id` is stored.
    @discardableResult
    func signConsent(_ consent: ConsentResult, id: String, documentID: String, account: Account, now: Date) throws
        -> Bool
    /// The receipt of the participant's signed consent record `recordID` (``ConsentReceipt``), or nil when
    /// it is not theirs, not signed, or there is no signing key.
    func consentReceipt(recordID: String, participantID: String) throws -> Data?
    /// The newest signed audit checkpoint (the daily one, or one made at a consent), for downloads to carry.
    func latestAuditCheckpoint() throws -> AuditCheckpoint?
    /// The id of the server key that signed consent record `recordID`, nil when it is unsigned.
    func consentKeyID(recordID: String) throws -> String?
    /// Up to `limit` times others (staff, operators) viewed or exported the participant's data, newest first,
    /// before audit sequence `before` (nil: from the newest).
    func accessLog(participantID: String, limit: Int, before: Int64?) throws -> AccessLogPage
    /// Withdraws the participant on their local day `day`: every current task of theirs gets a version whose
    /// schedule ends at the start of `day` (nothing is deleted) and the account is marked withdrawn at
    /// `instant`, in one transaction. Repeating it changes nothing more.
    func withdraw(patientID: String, on day: LocalDate, at instant: Date) throws
    /// Sets the participant's time zone on their account and their care-store patient, in one transaction.
    func changeTimeZone(accountID: String, to identifier: String) throws
    /// Corrects the participant's operated knee and surgery date, audited, re-anchoring the tasks counted from
    /// an onboarding answer (``StudyDatabase/correctSurgery(knee:date:account:now:)``).
    @discardableResult
    func correctSurgery(knee: BodySide, date: LocalDate, account: Account, now: Date) throws
        -> SurgeryCorrection

    /// The Health types the participant granted in their onboarding's permissions step.
    func grantedHealthTypes(participantID: String) throws -> Set<HealthType>
    /// Stores one Health import in one write transaction: granted types only, a day's figure replacing the
    /// stored one (never adding to it), the recent samples replaced, the import recorded and audited.
    @discardableResult
    func importHealth(
        _ result: HealthImportResult, for participantID: String, by actor: String, at instant: Date, id: String
    ) throws -> HealthImportRecord
    /// The participant's stored daily Health figures from `first` through `last` (nil: no bound).
    func healthDays(participantID: String, from first: HealthDay?, through last: HealthDay?) throws
        -> [HealthDailyFigure]
    /// The participant's stored daily Health figures with the import that set each, by day then type.
    func healthDailyRecords(participantID: String) throws -> [HealthDailyRecord]
    /// The participant's stored Health imports, oldest first.
    func healthImports(participantID: String) throws -> [HealthImportRecord]
    /// Deletes every stored figure and sample of a revoked type; returns the daily rows deleted.
    @discardableResult
    func deleteHealthData(_ type: HealthType, participantID: String, by actor: String) throws -> Int
    /// The participant's read permissions now: the types their onboarding asked about, each with its latest
    /// answer.
    func healthGrants(participantID: String) throws -> [HealthGrant]
    /// Changes the answer for reading a type (and deletes its stored data when asked); returns the daily rows
    /// deleted.
    @discardableResult
    func changeHealthGrant(
        _ type: HealthDataType, granted: Bool, deletingData: Bool, participantID: String, by actor: String,
        at instant: Date
    ) throws -> Int
    /// The importer of the participant's export: their granted types, from enrolment, in their zone.
    func healthImporter(participantID: String) throws -> HealthImporter
    /// Records an uploaded export as waiting for its import.
    @discardableResult
    func queueHealthUpload(id: String, participantID: String, byteCount: Int, at instant: Date) throws
        -> HealthUpload
    /// The oldest waiting upload, now importing under a fresh claim.
    func claimHealthUpload(at instant: Date) throws -> HealthUpload?
    /// How far a claimed upload's import has read, in thousandths.
    func recordHealthUploadProgress(_ thousandths: Int, of upload: HealthUpload, at instant: Date) throws
    /// Stores a claimed upload's import and marks it done, in one write transaction.
    @discardableResult
    func storeHealthUpload(_ result: HealthImportResult, of upload: HealthUpload, at instant: Date, importID: String)
        throws -> HealthImportRecord
    /// Ends a claimed upload that cannot be imported.
    func failHealthUpload(_ upload: HealthUpload, errorCode: String, at instant: Date) throws
    /// Gives a claimed upload back to the queue (or ends it after too many claims); whether it waits again.
    @discardableResult
    func releaseHealthUpload(_ upload: HealthUpload, at instant: Date) throws -> Bool
    /// Uploads importing without progress since `stale` wait again; returns how many.
    @discardableResult
    func requeueStaleHealthUploads(before stale: Date, at instant: Date) throws -> Int
    /// One upload by id.
    func healthUpload(id: String) throws -> HealthUpload?
    /// The participant's uploads, oldest first.
    func healthUploads(participantID: String) throws -> [HealthUpload]

    /// Makes a new secret calendar link for the participant, revoking any earlier one; returns its token.
    func resetCalendarLink(participantID: String, at instant: Date) throws -> String
    /// When the participant's current calendar link was made, nil without one.
    func calendarLinkCreated(participantID: String) throws -> Date?
    /// The events the calendar link `token` shows at `now`; nil when no current link has this token.
    func calendarEvents(token: String, now: Date) throws -> CalendarFeedEvents?
    /// The study team's contact, nil before an admin set one.
    func studyContact() throws -> StudyContact?
    /// Every version of the study, oldest first (the shipped study alone before any amendment): what the
    /// participant's answers were given under, for the precision of their numbers in a download.
    func studyDefinitions() throws -> [StudyDefinition]
    /// How far what the participant's feed shows has changed: the feed page's validator, one cheap read.
    func feedVersion(participantID: String) throws -> FeedVersion
}

/// One day of a participant's feed and its week.
public struct ParticipantFeed: Sendable {
    /// The events of the day.
    public var day: [CareEvent]
    /// The events of the week the day is in.
    public var week: [CareEvent]
    /// The day's open events that have a saved draft, as `taskID/occurrence`.
    public var drafts: Set<String>
    /// The study version in force when the feed was read (which tasks' answers can be changed).
    public var study: StudyDefinition

    /// A feed of these events, drafts and study version.
    public init(day: [CareEvent], week: [CareEvent], drafts: Set<String>, study: StudyDefinition) {
        self.day = day
        self.week = week
        self.drafts = drafts
        self.study = study
    }
}

extension ParticipantStore {
    /// Stores a finished run of the participant's event `key` in one write transaction (a survey finished by
    /// an upload or a browser test rather than a page post); see ``updateSurvey(_:account:now:_:)``.
    public func completeSurvey(
        _ run: SurveyRun, survey: Survey, _ key: StudyEventKey, for participant: ParticipantState
    ) throws {
        try updateSurvey(key, account: participant.account, now: participant.now) { _ in
            (.complete(run, survey: survey), ())
        }
    }

    /// The participant's live outcomes, by event start.
    public func outcomes(patientID: String) throws -> [Outcome] { try outcomes(patientID: patientID, days: nil) }

    /// The participant's live outcomes with the values in force: a staff correction replaces the value it
    /// corrects (for charts and summaries; the records themselves stay as entered).
    public func outcomesInForce(patientID: String) throws -> [Outcome] {
        let corrections = try outcomeCorrections(patientID: patientID)
        return try outcomes(patientID: patientID).map { OutcomeCorrections.corrected($0, by: corrections) }
    }
}
