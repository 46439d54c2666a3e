import Foundation
import Recover

/// Every version of the study with its definition, read inside a caller's transaction: what an export needs to
/// describe every survey revision a result may have been recorded under.
public enum StudyVersionHistory {
    /// The versions oldest first, each with the first day it applies (empty for the first); the shipped study alone
    /// before any amendment was applied.
    public static func definitions(in db: StoreConnection) throws -> [(effectiveOn: String, study: StudyDefinition)] {
        let records = try StudyVersionStore.records(in: db)
        if records.isEmpty { return [("", RecoverStudy.shipped)] }
        return try records.reversed().compactMap { record in
            try StudyVersionStore.definition(version: record.version, in: db).map { (record.effectiveOn, $0) }
        }
    }
}
