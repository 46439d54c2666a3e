import Foundation
import HealthImport

/// A stored daily figure with where it came from: the import that set it and when that import was stored.
/// What the exports and the participant's own download write.
///
/// ```swift
/// for record in try records.healthDailyRecords(participantID: id) {
///     print(record.figure.day, record.figure.type, record.importID)
/// }
/// ```
public struct HealthDailyRecord: Codable, Hashable, Sendable {
    /// The figure.
    public var figure: HealthDailyFigure
    /// The id of the import that set the figure (`health_import.id`).
    public var importID: String
    /// When that import was stored; nil when its row is gone.
    public var importedAt: Date?

    /// A record from its fields.
    public init(figure: HealthDailyFigure, importID: String, importedAt: Date?) {
        self.figure = figure
        self.importID = importID
        self.importedAt = importedAt
    }
}
