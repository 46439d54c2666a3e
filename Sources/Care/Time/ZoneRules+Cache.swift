import Foundation
import Synchronization

extension ZoneRules {
    /// The rules of `zone`, read once per zone identifier and shared by every caller.
    ///
    /// Keeps at most ``cachedZoneLimit`` zones; past that, rules are read afresh for each call, so memory stays
    /// bounded whatever identifiers arrive.
    public static func cached(_ zone: TimeZone) -> ZoneRules {
        let identifier = zone.identifier
        if let kept = sharedRules.withLock({ $0[identifier] }) { return kept }
        let rules = ZoneRules(zone)
        sharedRules.withLock { kept in
            if kept.count < cachedZoneLimit { kept[identifier] = rules }
        }
        return rules
    }

    /// How many zones ``cached(_:)`` keeps: more than the tz database's the handful a study uses is rare.
    public static let cachedZoneLimit = 128

    private static let sharedRules = Mutex<[String: ZoneRules]>([:])
}
