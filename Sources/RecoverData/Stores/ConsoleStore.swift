import Care
import Foundation
import Recover

/// What the research console reads and audits, each one snapshot: the dashboard, the participant list,
/// one participant's records, consent copies, staff and invitations.
///
/// ``StudyDatabase`` implements it on SQLite; a further database implements it a second time and passes the
/// same contract suite (Tests/RecoverDataTests/ConsoleStoreContractTests.swift).
public protocol ConsoleStore: Sendable {
    /// The dashboard's figures of `today`.
    func dashboard(today: LocalDate) throws -> DashboardFigures
    /// How the dashboard's kept aggregates differ from the care records they are made from; empty when they
    /// agree (``StudyDatabase/consoleAggregateMismatches()``).
    func consoleAggregateMismatches() throws -> [String]
    /// One page of the participant list.
    func participants(_ query: ParticipantListQuery, today: LocalDate) throws -> ParticipantListPage
    /// The account with this id when it is a participant's, nil otherwise.
    func participantAccount(id: String) throws -> Account?
    /// Everything the console's participant page shows, or nil when no participant has this id.
    /// - Parameters:
    ///   - auditLimit: how many audit entries to read, newest first;
    ///   - auditOffset: how many of the newest to skip (the audit list's later pages).
    func participantView(id: String, today: LocalDate, auditLimit: Int, auditOffset: Int) throws
        -> ConsoleParticipantView?
    /// A participant's consent records and their verification, or nil when no participant has this id.
    func consentCopy(participantID: String) throws -> ConsoleConsentCopy?
    /// The consent record with this id when it is participant `participantID`'s, nil otherwise.
    func consentRecord(id: String, participantID: String) throws -> ConsentRecord?
    /// The id of the server key that signed consent record `recordID`, nil when it is unsigned.
    func consentKeyID(recordID: String) throws -> String?
    /// Records in the audit trail that staff member `actor` read `row` (of participant `participantID`, or
    /// of the whole study when nil) at `instant`.
    func recordStaffRead(actor: String, of row: AuditedRow, participantID: String?, at instant: Date) throws

    /// The staff accounts: admins, then researchers.
    func staffAccounts() throws -> [Account]
    /// Stores a staff correction of one of participant `participantID`'s outcome values, with its reason
    /// (``OutcomeCorrections/correct(outcomeID:kind:newValue:reason:participantID:staffID:at:in:)``); throws
    /// ``CorrectionRefusal`` and stores nothing when it is refused.
    func correctOutcome(
        outcomeID: String, kind: String, newValue: Int, reason: String, participantID: String, staffID: String,
        at instant: Date
    ) throws -> OutcomeCorrection
    /// Invitations, newest first.
    func invitations(limit: Int, offset: Int) throws -> [Invitation]
    /// The email addresses of the accounts with these ids (unknown ids are left out), in one query.
    func accountEmails(ids: [String]) throws -> [String: String]
    /// Revokes an open invitation; throws ``AccountStoreError`` when it is unknown or used.
    /// Revokes the invitation whose stored code (``Invitation/storedCode(_:)``) is `stored`.
    func revokeInvitation(stored: String, at instant: Date) throws

    /// The study in force (``StudyDatabase/studyInForce()``).
    func studyInForce() throws -> StudyDefinition
    /// Every applied study version, newest first.
    func studyVersions() throws -> [StudyVersionRecord]
    /// The applied version `version` (the shipped study for version 1 before any was applied), or nil.
    func studyVersion(_ version: Int) throws -> StudyDefinition?
    /// The file of the applied version `version` exactly as applied, or nil when none is stored.
    func studyVersionFile(_ version: Int) throws -> Data?

    /// The study team's contact, nil before an admin set one.
    func studyContact() throws -> StudyContact?
    /// Replaces the study team's contact, audited as `actor`.
    func setStudyContact(_ contact: StudyContact, by actor: String) throws
}

extension ConsoleStore {
    /// The participant page's records with the newest `auditLimit` audit entries.
    public func participantView(id: String, today: LocalDate, auditLimit: Int) throws -> ConsoleParticipantView? {
        try participantView(id: id, today: today, auditLimit: auditLimit, auditOffset: 0)
    }
}
