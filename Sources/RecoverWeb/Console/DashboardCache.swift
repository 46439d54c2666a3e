import Care
import Foundation
import RecoverData
import Synchronization

/// The dashboard's figures, kept for a short time: with 10 000 participants computing them takes a few
/// hundred milliseconds (docs/console.md, "Performance"), and staff reload the dashboard often. The page
/// says when the figures were computed.
final class DashboardCache: Sendable {
    /// What the dashboard shows.
    struct Figures: Sendable {
        var figures: DashboardFigures
        var computedAt: Date
        var today: LocalDate
    }

    /// How long figures are reused.
    let lifetime: TimeInterval
    private let stored = Mutex<Figures?>(nil)

    init(lifetime: TimeInterval = 30) { self.lifetime = lifetime }

    /// The figures of `today`, computed at most `lifetime` seconds before `now`; computes them when needed.
    func figures(now: Date, today: LocalDate, compute: () throws -> Figures) throws -> Figures {
        if let cached = stored.withLock({ $0 }), cached.today == today,
            now.timeIntervalSince(cached.computedAt) < lifetime, now >= cached.computedAt
        {
            return cached
        }
        let fresh = try compute()
        stored.withLock { $0 = fresh }
        return fresh
    }
}
