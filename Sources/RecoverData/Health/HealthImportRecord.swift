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
    /// The first and last day with a figure in the export.
    public var firstDay: String?
    public var lastDay: String?

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

/// Why a health import or deletion was refused; the message names no health value.
public struct HealthStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, to match on.
    public struct Code: Hashable, Sendable {
        public let rawValue: String
        /// No participant account has the id.
        public static let unknownParticipant = Code(rawValue: "unknown-participant")
        /// The participant has withdrawn from the study.
        public static let withdrawn = Code(rawValue: "withdrawn")
        /// The result holds a figure that is not a finite, non-negative number (not from the importer).
        public static let implausibleFigure = Code(rawValue: "implausible-figure")
        /// A stored row cannot be read back (edited by hand).
        public static let unreadableRow = Code(rawValue: "unreadable-row")
    }

    public let code: Code
    public let description: String

    init(_ code: Code, _ description: String) {
        self.code = code
        self.description = description
    }
}
