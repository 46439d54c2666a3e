import Care
import Foundation
import HealthImport
import SQLite

/// The dashboard's figures, read in one snapshot.
public struct DashboardFigures: Sendable {
    /// Joined, onboarded and withdrawn participants.
    public var counts: EnrollmentCounts
    /// Study adherence per day, oldest first.
    public var adherence: [StudyAdherenceDay]
    /// High pain and missed check-ins.
    public var alerts: [ConsoleAlert]
    /// Behind on today's check-in, and unsigned current versions of required consent documents
    /// (``ConsoleQueries/attention(today:in:)``).
    public var attention: [ConsoleAlert] = []
}

/// Everything the console shows of one participant, read in one snapshot.
public struct ConsoleParticipantView: Sendable {
    /// The participant's summary.
    public var participant: ConsoleParticipant
    /// Their outcomes with the study task of each.
    public var outcomes: [ConsoleQueries.TaskOutcome]
    /// Their survey results, newest first.
    public var results: [SurveyResultRecord]
    /// Their consent records, oldest first.
    public var consents: [ConsentRecord]
    /// What does not check out in each consent record (by record id); an empty list means verified.
    public var consentProblems: [String: [String]]
    /// The newest audit entries about them (one page of them).
    public var audit: [AuditEntry]
    /// How many audit entries there are about them in all.
    public var auditTotal = 0
    /// The values kept beside those entries (``AuditValues``), by sequence: health data, for roles that may
    /// see it.
    public var auditValues: [Int64: AuditValues] = [:]
    /// Staff corrections of their outcome values, oldest first (``outcomes`` keep the values as entered).
    public var corrections: [OutcomeCorrection] = []
    /// Every staff account (admins, then researchers), to name the actors of the audit entries.
    public var staff: [Account]
    /// Their Apple Health daily figures of the last ``healthDays`` days up to today (and the participant's
    /// tomorrow, which their zone may have reached already), by day then type.
    public var health: [HealthDailyFigure] = []
    /// Their Health imports, oldest first (counts only).
    public var healthImports: [HealthImportRecord] = []
    /// Their read permissions now.
    public var healthGrants: [HealthGrant] = []
    /// Where they stand with each of the study's consent documents (current versions).
    public var consentStandings: [ConsentStanding] = []
    /// Every version of every consent document, to name the document each record signed.
    public var consentVersions: [ConsentDocumentVersion] = []

    /// How many days of Health figures the view reads.
    public static let healthDays = 14
}

/// A participant's consent records with what does not check out in each (the staff's printable copy).
public struct ConsoleConsentCopy: Sendable {
    /// The participant's account.
    public var account: Account
    /// Their consent records, oldest first.
    public var records: [ConsentRecord]
    /// What does not check out in each record (by record id); an empty list means verified.
    public var problems: [String: [String]]
}

/// The research console's reads, each one snapshot, and the audit of staff reads.
extension StudyDatabase {
    /// The dashboard's figures of `today`.
    public func dashboard(today: LocalDate) throws -> DashboardFigures {
        try database.read { db in
            DashboardFigures(
                counts: try ConsoleQueries.enrollment(in: db),
                adherence: try ConsoleQueries.adherence(today: today, in: db),
                alerts: try ConsoleQueries.alerts(today: today, in: db),
                attention: try ConsoleQueries.attention(today: today, in: db))
        }
    }

    /// One page of the participant list.
    public func participants(_ query: ParticipantListQuery, today: LocalDate) throws -> ParticipantListPage {
        try database.read { db in try ConsoleQueries.participants(query, today: today, in: db) }
    }

    /// The account with this id when it is a participant's, nil otherwise.
    public func participantAccount(id: String) throws -> Account? {
        guard let account = try accounts.account(id: id), account.role == .participant else { return nil }
        return account
    }

    /// Corrects the value `kind` of the participant's outcome `outcomeID` to `newValue`, by `staffID`, in one write
    /// transaction audited as `account:<staffID>`; a missing or too long reason, an outcome not the participant's,
    /// a kind that cannot be corrected, a value out of range or unchanged throws ``CorrectionRefusal``.
    public func correctOutcome(
        outcomeID: String, kind: String, newValue: Int, reason: String, participantID: String, staffID: String,
        at instant: Date
    ) throws -> OutcomeCorrection {
        try database.write { db in
            try OutcomeCorrections.correct(
                outcomeID: outcomeID, kind: kind, newValue: newValue, reason: reason, participantID: participantID,
                staffID: staffID, at: instant, in: db)
        }
    }

    /// Everything the console's participant page shows, or nil when no participant has this id.
    /// - Parameters:
    ///   - auditLimit: how many audit entries to read, newest first;
    ///   - auditOffset: how many of the newest to skip.
    public func participantView(id: String, today: LocalDate, auditLimit: Int, auditOffset: Int) throws
        -> ConsoleParticipantView?
    {
        try database.read { db in
            guard let participant = try ConsoleQueries.participant(id: id, today: today, in: db) else { return nil }
            let consents = try ConsentStore.records(patientID: id, in: db)
            // Figures are filed under the participant's own days, which run up to a day ahead of the study's
            // (Asia/Shanghai's tomorrow begins at 16:00 UTC), so the window reaches one day past `today`.
            let first = LocalDate(dayNumber: today.dayNumber - (ConsoleParticipantView.healthDays - 1))
            let last = LocalDate(dayNumber: today.dayNumber + 1)
            let (audit, auditTotal) = try AuditTrail.page(
                forParticipant: id, limit: auditLimit, offset: auditOffset, in: db)
            var view = ConsoleParticipantView(
                participant: participant, outcomes: try ConsoleQueries.outcomes(participantID: id, in: db),
                results: try SurveyDataStore.results(patientID: id, in: db), consents: consents,
                consentProblems: try consentProblems(of: consents, participantID: id, in: db),
                audit: audit,
                staff: try AccountStore.accounts(role: .admin, in: db)
                    + AccountStore.accounts(role: .researcher, in: db),
                health: try HealthStore.figures(
                    participantID: id, from: HealthDay(year: first.year, month: first.month, day: first.day),
                    through: HealthDay(year: last.year, month: last.month, day: last.day), in: db),
                healthImports: try HealthStore.imports(participantID: id, in: db),
                healthGrants: try HealthGrants.current(participantID: id, in: db),
                consentStandings: try ConsentLibrary.standings(patientID: id, in: db),
                consentVersions: try ConsentLibrary.versions(in: db))
            view.auditValues = try AuditValues.forEntries(audit.filter { $0.action != .read }.map(\.sequence), in: db)
            view.corrections = try OutcomeCorrections.corrections(participantID: id, in: db)
            view.auditTotal = auditTotal
            return view
        }
    }

    /// A participant's consent records and their verification, or nil when no participant has this id.
    public func consentCopy(participantID id: String) throws -> ConsoleConsentCopy? {
        try database.read { db in
            guard let account = try AccountStore.account(id: id, in: db), account.role == .participant else {
                return nil
            }
            let records = try ConsentStore.records(patientID: id, in: db)
            return ConsoleConsentCopy(
                account: account, records: records,
                problems: try consentProblems(of: records, participantID: id, in: db))
        }
    }

    /// The consent record with this id when it is participant `participantID`'s, nil otherwise (another
    /// participant's record is as unknown as a missing one).
    public func consentRecord(id: String, participantID: String) throws -> ConsentRecord? {
        guard let record = try consent.record(id: id), record.patientID == participantID else { return nil }
        return record
    }

    /// Records in the audit trail that staff member `actor` read `row` (of participant `participantID`, or of
    /// the whole study when nil), at `instant`.
    public func recordStaffRead(actor: String, of row: AuditedRow, participantID: String?, at instant: Date) throws {
        try audit.recordRead(actor: actor, of: row, participantID: participantID, at: instant)
    }

    /// The staff accounts: admins, then researchers.
    public func staffAccounts() throws -> [Account] {
        try database.read { db in
            try AccountStore.accounts(role: .admin, in: db) + AccountStore.accounts(role: .researcher, in: db)
        }
    }

    /// Invitations, newest first.
    public func invitations(limit: Int, offset: Int) throws -> [Invitation] {
        try accounts.invitations(limit: limit, offset: offset)
    }

    /// The email addresses of the accounts with these ids (unknown ids are left out), in one query.
    public func accountEmails(ids: [String]) throws -> [String: String] {
        let unique = Array(Set(ids)).sorted()
        guard !unique.isEmpty else { return [:] }
        return try accounts.database.read { db in
            var emails: [String: String] = [:]
            for row in try db.query(
                "SELECT id, email FROM account WHERE id IN (\(StoreConnection.placeholders(unique.count)))", unique)
            {
                emails[try row.string("id")] = try row.string("email")
            }
            return emails
        }
    }

    /// Revokes an open invitation; throws ``AccountStoreError`` when it is unknown or used.
    public func revokeInvitation(stored: String, at instant: Date) throws {
        try accounts.database.write { db in try AccountStore.revokeInvitation(stored: stored, at: instant, in: db) }
    }

    /// What does not check out in each record (by record id); an empty list means verified. With the
    /// server's signing key the records are checked by `ConsentSigning.verify` (hashes, server signature and
    /// every signed field); without one, by their hashes alone.
    func consentProblems(of records: [ConsentRecord], participantID: String, in db: StoreConnection) throws
        -> [String: [String]]
    {
        var problems: [String: [String]] = [:]
        guard let publicKey = signingKey?.publicKey else {
            for record in records { problems[record.id] = record.isIntact ? [] : ["binding hash"] }
            return problems
        }
        try ConsentSigning.verify(publicKey: publicKey, participantID: participantID, in: db) { check in
            problems[check.recordID] = check.problems
        }
        return problems
    }
}
