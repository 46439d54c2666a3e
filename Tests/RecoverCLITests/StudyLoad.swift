import Foundation
import SQLite
import Synchronization

/// Participants using a live server from several threads at once, each through the whole first day
/// (``ParticipantVisit``), recording the writes the server acknowledged.
///
/// A visit whose request gets no answer (the server was killed) waits in a queue and is resumed, with its
/// session, by the next free thread once a server is up again (``port``).
final class StudyLoad: Sendable {
    /// The writes acknowledged so far.
    struct Acknowledged: Sendable {
        /// E-mails of accounts created by a join.
        var joins: [String] = []
        /// Outcome ids (the run ids the pages carried) of completed onboardings.
        var onboardings: [String] = []
        /// Outcome ids of completed check-ins.
        var checkins: [String] = []

        var count: Int { joins.count + onboardings.count + checkins.count }
        var summary: String {
            "\(count) acknowledged writes (\(joins.count) joins, \(onboardings.count) onboardings, "
                + "\(checkins.count) check-ins)"
        }

        mutating func record(_ write: ParticipantVisit.Write) {
            switch write {
            case .joined(let email): joins.append(email)
            case .onboarded(let outcome): onboardings.append(outcome)
            case .checkedIn(let outcome): checkins.append(outcome)
            }
        }
    }

    /// The port of the running server; nil while it is down.
    let port = Mutex<UInt16?>(nil)
    private let invitations: [String]
    private let next = Mutex(0)
    private let interrupted = Mutex<[ParticipantVisit]>([])
    private let acknowledged = Mutex(Acknowledged())
    private let surprises = Mutex<[String]>([])
    private let stopping = Atomic<Bool>(false)
    private let unavailableAnswers = Atomic<Int>(0)
    private let running = DispatchGroup()

    /// A load using these invitation codes, one per participant.
    init(invitations: [String]) {
        self.invitations = invitations
    }

    /// Starts `participants` threads, each running one visit after another.
    func start(participants: Int) {
        for _ in 0..<participants {
            running.enter()
            let thread = Thread { [self] in
                defer { running.leave() }
                while !stopping.load(ordering: .relaxed), var visit = takeVisit() {
                    guard let port = waitForServer() else { break }
                    run(&visit, port: port)
                }
            }
            thread.start()
        }
    }

    /// Lets each thread finish its current visit (or lose it to a server going away), then waits for them.
    func stop() {
        stopping.store(true, ordering: .relaxed)
        running.wait()
    }

    /// What was acknowledged so far.
    var snapshot: Acknowledged { acknowledged.withLock { $0 } }

    /// How many answers were 503 (the study database out of reach).
    var unavailableCount: Int { unavailableAnswers.load(ordering: .relaxed) }

    /// Answers other than the expected ones (never a dropped connection): each one is a bug.
    var unexpectedAnswers: [String] { surprises.withLock { $0 } }

    /// An interrupted visit to resume, or a new participant with the next invitation.
    private func takeVisit() -> ParticipantVisit? {
        if let visit = interrupted.withLock({ $0.popLast() }) { return visit }
        return next.withLock { index in
            guard index < invitations.count else { return nil }
            index += 1
            return ParticipantVisit(code: invitations[index - 1], number: index - 1)
        }
    }

    private func waitForServer() -> UInt16? {
        while !stopping.load(ordering: .relaxed) {
            if let port = port.withLock({ $0 }) { return port }
            usleep(5_000)
        }
        return nil
    }

    private func run(_ visit: inout ParticipantVisit, port: UInt16) {
        do {
            try visit.proceed(port: port) { write in acknowledged.withLock { $0.record(write) } }
        } catch let surprise as ParticipantVisit.Surprise {
            surprises.withLock { $0.append(surprise.description) }
        } catch {
            // No answer (the server went away mid-visit) or a 503: resume it on the next server, after a pause.
            if let unanswered = error as? LoopbackHTTP.Unanswered, unanswered.reason == ParticipantVisit.unavailable {
                unavailableAnswers.add(1, ordering: .relaxed)
                usleep(50_000)
            }
            let paused = visit
            interrupted.withLock { $0.insert(paused, at: 0) }
        }
    }

    /// `count` invitation codes made with `recover invite` in the data folder (created if needed); `extra`
    /// arguments name a database (`--database URL`).
    static func invitations(_ count: Int, in folder: URL, extra: [String] = []) throws -> [String] {
        var codes: [String] = []
        while codes.count < count {
            let batch = min(10_000, count - codes.count)
            let result = try CLIProcess.run(["invite", "--count", "\(batch)", "--data-dir", folder.path] + extra)
            guard result.status == 0 else { throw InviteFailed(description: "recover invite: \(result.stderr)") }
            codes += result.stdout.split(separator: "\n").compactMap { $0.components(separatedBy: "/join/").last }
        }
        return codes
    }

    struct InviteFailed: Error, CustomStringConvertible {
        let description: String
    }

    /// Waits until `enough` says the writes so far are enough (at most `limit` seconds).
    func wait(atMost limit: TimeInterval = 60, until enough: (Acknowledged) -> Bool) {
        let deadline = Date().addingTimeInterval(limit)
        while !enough(snapshot), Date() < deadline { usleep(10_000) }
    }

}

extension StudyLoad.Acknowledged {
    /// The acknowledged writes missing from the data folder's database (which no server may be using):
    /// accounts by e-mail, outcomes by id.
    func missing(in folder: URL) throws -> [String] {
        let database = try Database.open(at: folder.appending(path: Database.fileName), migrations: [])
        let (emails, outcomes) = try database.read { db in
            (
                Set(try db.query("SELECT email FROM account").map { try $0.string("email") }),
                Set(try db.query("SELECT id FROM care_outcome WHERE deleted_at IS NULL").map { try $0.string("id") })
            )
        }
        return joins.filter { !emails.contains($0) }.map { "account \($0)" }
            + (onboardings + checkins).filter { !outcomes.contains($0) }.map { "outcome \($0)" }
    }
}
