import Cryptography
import Foundation
import RecoverData

/// The server's automatic daily audit checkpoint (docs/audit.md, "Checkpoints"): ``start()`` looks every
/// ``interval`` seconds (the first a second after start) and signs one checkpoint per UTC day; of several
/// instances on one database only the first to look that day makes it. Tests call ``makeDue()``.
public final class CheckpointServices: Sendable {
    /// Seconds between looks: the day's checkpoint is made within an hour of midnight UTC.
    public static let interval = 3600

    private let database: StudyStorage
    private let signingKey: SigningKey
    private let clock: @Sendable () -> Date
    private let log: @Sendable (String) -> Void
    private let timer = RepeatingTimer(label: "recover.checkpoints")

    /// The checkpoints of `database`, signed with `signingKey`, dated by `clock`.
    public init(
        database: StudyStorage, signingKey: SigningKey, clock: @escaping @Sendable () -> Date,
        log: @escaping @Sendable (String) -> Void
    ) {
        self.database = database
        self.signingKey = signingKey
        self.clock = clock
        self.log = log
    }

    /// Makes today's checkpoint unless one was made today already; nil then.
    @discardableResult
    public func makeDue() throws -> AuditCheckpoint? {
        try AuditCheckpoint.makeDaily(signingKey: signingKey, at: clock(), in: database)
    }

    /// Starts the looks (once).
    public func start() {
        let log = log
        timer.start(every: Self.interval) { [weak self] in
            do {
                guard let checkpoint = try self?.makeDue() else { return }
                log("audit: signed the daily checkpoint of \(checkpoint.entries) entries")
            } catch {
                log("audit: the daily checkpoint could not be made: \(type(of: error))")
            }
        }
    }

    /// Stops the looks (one under way finishes).
    public func stop() { timer.cancel() }
}
