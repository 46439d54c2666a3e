import Care
import Foundation
import Recover

/// Why a study version could not be applied; nothing changed.
public enum StudyApplyError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file or its change against the version in force has problems.
    case invalid(StudyFileError)
    /// The effective date is before today: a study's past is never rewritten.
    case effectiveInThePast(effective: LocalDate, today: LocalDate)

    /// What is wrong, in English, for the command line.
    public var description: String {
        switch self {
        case .invalid(let error): error.description
        case .effectiveInThePast(let effective, let today):
            "the effective date \(effective) is before today (\(today)): a new version applies from today or later"
        }
    }
}

extension StudyDatabase {
    /// The study in force: the highest applied version, or the shipped study before any was applied.
    public func studyInForce() throws -> StudyDefinition {
        try database.read { db in try StudyVersionStore.inForce(in: db) }
    }

    /// The applied version `version` (the shipped study for version 1 before any was applied), or nil.
    public func studyVersion(_ version: Int) throws -> StudyDefinition? {
        try database.read { db in try StudyVersionStore.definition(version: version, in: db) }
    }

    /// Every version oldest first, the shipped study alone before any amendment.
    public func studyDefinitions() throws -> [StudyDefinition] {
        try database.read { db in try StudyVersionHistory.definitions(in: db).map(\.study) }
    }

    /// Every applied version, newest first (empty before the first amendment).
    public func studyVersions() throws -> [StudyVersionRecord] {
        try database.read { db in try StudyVersionStore.records(in: db) }
    }

    /// The file of the applied version `version` exactly as applied, or nil when none is stored.
    public func studyVersionFile(_ version: Int) throws -> Data? {
        try database.read { db in
            try db.queryOne("SELECT file FROM study_version WHERE version = ?", [version]).map { try $0.data("file") }
        }
    }

    /// The study in force as `recover study export` writes it: the version in force with the consent documents
    /// and the contact card as they stand now (a consent version published with `recover consent publish`, a card
    /// an admin set in the console), so that an exported file, edited and applied, changes only what was edited.
    public func studyForExport() throws -> StudyDefinition {
        try database.read { db in
            var study = try StudyVersionStore.inForce(in: db)
            let current = try ConsentLibrary.current(in: db)
            if !study.consents.isEmpty || !current.isEmpty { study.consents = current.map(StudyConsent.init) }
            if let contact = try StudyContactStore.contact(in: db) { study.contact = contact.card }
            return study
        }
    }

    /// What applying `file` would change, without changing anything.
    public func previewStudy(_ file: Data) throws -> StudyAmendment {
        let next = try Self.readStudy(file)
        let current = try studyInForce()
        do throws(StudyFileError) {
            return try StudyAmendment(from: current, to: next)
        } catch {
            throw StudyApplyError.invalid(error)
        }
    }

    /// Applies `file` as the new version of the study from `effective` (each participant's local day), in one
    /// write transaction: the version is stored, and every participant who completed onboarding gets the change
    /// through care-task versions: added tasks start on the effective date, changed tasks get a new version from
    /// it, ended tasks a tombstone from it. What anyone recorded before is untouched. Audited as `actor`.
    @discardableResult
    public func applyStudy(_ file: Data, effective: LocalDate, actor: String, now: Date) throws -> StudyAmendment {
        let next = try Self.readStudy(file)
        // The earliest "today" anywhere (UTC-12): no participant's past is changed.
        let today = LocalDateTime(instant: now, in: TimeZone(identifier: "Etc/GMT+12") ?? .gmt).date
        if effective < today { throw StudyApplyError.effectiveInThePast(effective: effective, today: today) }
        return try database.write { db in
            db.auditActor = actor
            let current = try StudyVersionStore.inForce(in: db)
            let amendment: StudyAmendment
            do throws(StudyFileError) {
                amendment = try StudyAmendment(from: current, to: next)
            } catch {
                throw StudyApplyError.invalid(error)
            }
            let (consents, consentProblems) = try Self.consentsToPublish(of: next, at: now, in: db)
            let (contact, contactProblems) = try Self.contactToSet(of: next, at: now, in: db)
            if !consentProblems.isEmpty || !contactProblems.isEmpty {
                throw StudyApplyError.invalid(StudyFileError(consentProblems + contactProblems))
            }
            for version in consents { try ConsentLibrary.publish(version, in: db) }
            if let contact { try StudyContactStore.set(contact, in: db) }
            if try StudyVersionStore.records(in: db).isEmpty {
                // The shipped version goes first, so the history starts where the study started.
                try StudyVersionStore.insert(
                    file: RecoverStudy.shippedFile, version: current.version, effectiveOn: "", changes: [],
                    at: now, in: db)
            }
            try StudyVersionStore.insert(
                file: file, version: next.version, effectiveOn: effective.description, changes: amendment.lines,
                at: now,
                in: db)
            for patient in try db.query("SELECT id FROM care_patient ORDER BY id") {
                try Self.amend(
                    patientID: try patient.string("id"), with: amendment, effective: effective, in: db)
            }
            return amendment
        }
    }

    /// The consent documents of `study` that the library does not have yet, as versions from `now`, and the
    /// problems: a published version whose text the file changed, and a version the library would refuse (a study
    /// language without its text, required turned optional).
    static func consentsToPublish(of study: StudyDefinition, at now: Date, in db: StoreConnection) throws -> (
        [ConsentDocumentVersion], [StudyProblem]
    ) {
        var problems: [StudyProblem] = []
        var publish: [ConsentDocumentVersion] = []
        let library = try ConsentLibrary.versions(in: db)
        for (index, consent) in study.consents.enumerated() {
            let location = "consents[\(index)]"
            let version = ConsentDocumentVersion(consent, publishedAt: now)
            if let published = library.first(where: { $0.documentID == consent.id && $0.version == consent.version }) {
                if published.texts != version.texts || published.isRequired != version.isRequired {
                    problems.append(
                        StudyProblem(
                            "\(location).version",
                            "\(consent.id) \(consent.version) is published with another text: give the change a new version"
                        ))
                }
                continue
            }
            problems += try ConsentLibrary.problems(of: version, in: db).map { StudyProblem(location, $0) }
            publish.append(version)
        }
        return (publish, problems)
    }

    /// The file's contact card, checked as an admin's would be, when it differs from the card in force; or the
    /// problem with it.
    static func contactToSet(of study: StudyDefinition, at now: Date, in db: StoreConnection) throws -> (
        StudyContact?, [StudyProblem]
    ) {
        guard let card = study.contact, try StudyContactStore.contact(in: db)?.card != card else { return (nil, []) }
        do {
            return (try StudyContact.validated(card, at: now), [])
        } catch let error as StudyContactError {
            let field =
                switch error.code {
                case .name: "contact.name"
                case .role: "contact.role"
                case .phone: "contact.phone"
                case .email: "contact.email"
                case .notes: "contact.notes"
                case .noWayToReach: "contact"
                }
            return (nil, [StudyProblem(field, error.message)])
        }
    }

    static func readStudy(_ file: Data) throws -> StudyDefinition {
        do throws(StudyFileError) {
            return try StudyFile.read(file, importQuestionnaire: RecoverStudy.questionnaireImporter)
        } catch {
            throw StudyApplyError.invalid(error)
        }
    }

    /// One participant's tasks brought to `amendment.to` from `effective`, inside the caller's transaction.
    /// Participants who have not completed onboarding get the version in force when they do.
    static func amend(
        patientID: String, with amendment: StudyAmendment, effective: LocalDate, in db: StoreConnection
    ) throws {
        guard let anchors = try anchors(patientID: patientID, in: db), let onboarded = anchors.onboarded else { return }
        let plan = StudyPlan(amendment.to)
        let from = max(effective, onboarded)
        for change in amendment.changes {
            switch change {
            case .taskAdded(let id) where id != StudyTaskID.onboarding:
                guard let task = amendment.to.task(id) else { continue }
                var reached = anchors
                reached.added = from
                if let careTask = plan.careTask(task, patientID: patientID, anchors: reached, effective: from) {
                    _ = try db.care.addTask(careTask)
                }
            case .taskChanged(let id) where id != StudyTaskID.onboarding:
                guard let task = amendment.to.task(id) else { continue }
                let taskID = ParticipantPlan.taskID(id, patientID: patientID)
                let history = try db.care.tasks(CareTaskQuery(ids: [taskID], versions: .all, sort: .effectiveDate))
                var reached = anchors
                reached.added = history.first?.effectiveDate.date ?? from
                let latest = history.last?.effectiveDate.date ?? from
                guard
                    var next = plan.careTask(task, patientID: patientID, anchors: reached, effective: max(from, latest))
                else { continue }
                if history.isEmpty || history.last?.isDeleted == true {
                    _ = try db.care.addTask(next)
                } else {
                    next.versionID = UUID().uuidString
                    _ = try db.care.updateTask(next)
                }
            case .taskEnded(let id) where id != StudyTaskID.onboarding:
                let taskID = ParticipantPlan.taskID(id, patientID: patientID)
                guard let latest = try db.care.tasks(CareTaskQuery(ids: [taskID])).first, !latest.isDeleted else {
                    continue
                }
                _ = try db.care.deleteTask(
                    id: taskID, effectiveFrom: max(from, latest.effectiveDate.date).startOfDay,
                    versionID: UUID().uuidString)
            default:
                continue
            }
        }
    }

    /// The days and onboarding answers a participant's schedules count from; nil for an unknown participant.
    static func anchors(patientID: String, in db: StoreConnection) throws -> StudyAnchors? {
        guard let patient = try db.care.patient(id: patientID) else { return nil }
        let zone = TimeZone(identifier: patient.timeZoneIdentifier) ?? .gmt
        let onboardingTaskID = ParticipantPlan.taskID(StudyTaskID.onboarding, patientID: patientID)
        guard
            let joined = try db.care.tasks(CareTaskQuery(ids: [onboardingTaskID], versions: .all, sort: .effectiveDate))
                .first?.effectiveDate.date
        else { return nil }
        let outcome = try db.care.outcomes(OutcomeQuery(taskIDs: [onboardingTaskID])).first { $0.isLive }
        guard let outcome else { return StudyAnchors(joined: joined) }
        return StudyAnchors(
            joined: joined, onboarded: LocalDateTime(instant: outcome.createdDate, in: zone).date,
            answers: StudyAnchors.answers(from: outcome.values, in: zone))
    }
}

extension StudyAnchors {
    /// Onboarding's outcome values as a schedule reads them: texts as they are, dates as the local day.
    public static func answers(from values: [OutcomeValue], in zone: TimeZone) -> [String: String] {
        var answers: [String: String] = [:]
        for value in values {
            switch value.content {
            case .text(let text): answers[value.kind ?? ""] = text
            case .date(let date): answers[value.kind ?? ""] = LocalDateTime(instant: date, in: zone).date.description
            default: continue
            }
        }
        answers[""] = nil
        return answers
    }
}
