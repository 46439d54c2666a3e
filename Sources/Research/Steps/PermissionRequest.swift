import Foundation

/// A health-data type that can be asked for, by its identifier.
public enum HealthDataType: String, Codable, Hashable, Sendable, CaseIterable {
    case stepCount, distanceWalkingRunning, activeEnergyBurned, basalEnergyBurned, heartRate, bloodPressure
    case sleepAnalysis
}

/// The permissions a request-permissions step asks for.
public struct PermissionRequest: Codable, Hashable, Sendable {
    /// Health-data types the study wants to read.
    public var healthRead: [HealthDataType]
    /// Health-data types the study wants to write.
    public var healthWrite: [HealthDataType]
    /// Whether notifications are asked for.
    public var notifications: Bool
    /// Whether motion and orientation sensors are asked for.
    public var motionActivity: Bool

    /// Creates a `PermissionRequest` from its members.
    public init(
        healthRead: [HealthDataType] = [],
        healthWrite: [HealthDataType] = [],
        notifications: Bool = false,
        motionActivity: Bool = false
    ) {
        self.healthRead = healthRead
        self.healthWrite = healthWrite
        self.notifications = notifications
        self.motionActivity = motionActivity
    }

    /// The permission cards the participant answers, in order: `health`, `notifications`, `motionActivity`.
    public var cards: [String] {
        var cards: [String] = []
        if !healthRead.isEmpty || !healthWrite.isEmpty { cards.append("health") }
        if notifications { cards.append("notifications") }
        if motionActivity { cards.append("motionActivity") }
        return cards
    }

    private enum CodingKeys: String, CodingKey {
        case healthRead, healthWrite, notifications, motionActivity
    }

    /// Decodes a request; a missing list is empty and a missing flag false.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            healthRead: try c.decodeIfPresent([HealthDataType].self, forKey: .healthRead) ?? [],
            healthWrite: try c.decodeIfPresent([HealthDataType].self, forKey: .healthWrite) ?? [],
            notifications: try c.decodeIfPresent(Bool.self, forKey: .notifications) ?? false,
            motionActivity: try c.decodeIfPresent(Bool.self, forKey: .motionActivity) ?? false
        )
    }
}
