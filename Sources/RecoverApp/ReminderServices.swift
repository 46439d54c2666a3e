import Foundation
import RecoverData
import RecoverWeb

/// The reminder scheduler and its rounds (docs/reminders.md): ``start()`` looks for due reminders every
/// ``interval`` seconds on a queue of its own (the first a second after start), at the study's time, and
/// queues them in the outbox, whose sender sends them; ``stop()`` ends it. Tests call ``queueDue()``.
public final class ReminderServices: Sendable {
    /// Seconds between rounds: a reminder goes out within a minute of its time.
    public static let interval = 60

    /// Queues what is due.
    public let scheduler: ReminderScheduler
    /// The study team's daily digest, queued in the same rounds.
    public let digest: StaffDigest
    /// What the reminder pages use.
    public let pages: ReminderPageServices
    private let studyClock: @Sendable () -> Date
    private let clock: @Sendable () -> Date
    private let log: @Sendable (String) -> Void
    private let timer = RepeatingTimer(label: "recover.reminders")

    /// The reminders of `database`: due at `studyClock`'s time, queued at `clock`'s.
    public init(
        database: StudyStorage, linkBase: String?, unsubscribeKey: [UInt8], mailReady: Bool, consoleZone: TimeZone,
        studyClock: @escaping @Sendable () -> Date, clock: @escaping @Sendable () -> Date,
        log: @escaping @Sendable (String) -> Void
    ) {
        scheduler = ReminderScheduler(database: database, linkBase: linkBase, unsubscribeKey: unsubscribeKey)
        digest = StaffDigest(database: database, linkBase: linkBase, zone: consoleZone)
        pages = ReminderPageServices(
            settings: ReminderSettings(database: database), scheduler: scheduler, mailReady: mailReady, now: clock)
        self.studyClock = studyClock
        self.clock = clock
        self.log = log
    }

    /// One round now: queues the reminders due at the study's time.
    @discardableResult
    public func queueDue() throws -> ReminderScheduler.Pass {
        try scheduler.queueDue(studyNow: studyClock(), queuedAt: clock())
    }

    /// Queues today's staff digest when it is due (the console counts days by the study's clock too).
    @discardableResult
    public func queueDigest() throws -> Int {
        try digest.queueDue(now: studyClock(), queuedAt: clock())
    }

    /// Starts the rounds (once).
    public func start() {
        let log = log
        timer.start(every: Self.interval) { [weak self] in
            do {
                guard let self else { return }
                let pass = try self.queueDue()
                let digests = try self.queueDigest()
                guard pass.queued + digests > 0 else { return }
                log("reminders: queued \(pass.queued) reminders, \(digests) staff digests")
            } catch {
                log("reminders: the due reminders could not be read or queued: \(type(of: error))")
            }
        }
    }

    /// Stops the rounds (a round under way finishes).
    public func stop() { timer.cancel() }
}
