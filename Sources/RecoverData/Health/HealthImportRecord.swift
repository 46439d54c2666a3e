import Foundation
import HealthImport

/// One stored import of a participant's Apple Health export: counts only, never a health value.
public struct HealthImportRecord: Codable, Hashable, Sendable {
    /// The import's id.
    public var id: String
    /// The participant's account id.
    public var participantID: String
    /// When it was stored.
    public var importedAt: Date
    /// `Record` elements read from the export.
    public var recordsRead: Int
    /// Records the importer kept.
    public var recordsKept: Int
    /// Records not kept, by reason code (`not-granted`).
    public var skipped: [String: Int]
    /// Daily figures stored (granted types only).
    public var daysStored: Int
    /// Raw recent samples stored.
    public var samplesStored: Int
    /// The first day with a figure in the export (`YYYY-MM-DD`).
    public var firstDay: String?
    /// The last day with a figure in the export.
    public var lastDay: String?

    /// A record from its fields.
    public init(
        id: String, participantID: String, importedAt: Date, recordsRead: Int, recordsKept: Int,
        skipped: [String: Int], daysStored: Int, samplesStored: Int, firstDay: String?, lastDay: String?
    ) {
        self.id = id
        self.participantID = participantID
        self.importedAt = importedAt
        self.recordsRead = recordsRead
        self.recordsKept = recordsKept
        self.skipped = skipped
        self.daysStored = daysStored
        self.samplesStored = samplesStored
        self.firstDay = firstDay
        self.lastDay = lastDay
    }
}
