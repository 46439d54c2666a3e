import Foundation
import SQLite

extension StudyDatabase {
    /// Up to `limit` times others viewed or exported participant `participantID`'s data, newest first, before
    /// audit sequence `before` (nil: from the newest), in one read. Only `read` entries count, and never the
    /// participant's own: their changes and downloads are not access by others.
    public func accessLog(participantID: String, limit: Int, before: Int64?) throws -> AccessLogPage {
        let own = "account:\(participantID)"
        return try database.read { db in
            let entries = try AuditTrail.entries(
                forParticipant: participantID, actions: [.read], limit: limit + 1, beforeSequence: before, in: db)
            var staff: [String: Account?] = [:]
            var page: [AccessLogEntry] = []
            for entry in entries.prefix(limit) where entry.actor != own {
                page.append(
                    AccessLogEntry(
                        sequence: entry.sequence, recordedAt: entry.recordedAt,
                        accessor: try Self.accessor(entry.actor, staff: &staff, in: db), entityType: entry.entityType,
                        entityID: entry.entityID))
            }
            let older = entries.count > limit ? entries[limit - 1].sequence : nil
            return AccessLogPage(entries: page, olderBefore: older)
        }
    }

    /// `account:<id>`, `cli:<command>[:<user>]` or anything else (the server), with staff accounts looked up
    /// once each.
    static func accessor(
        _ actor: String, staff: inout [String: Account?], in db: StoreConnection
    ) throws -> AccessLogEntry.Accessor {
        let parts = actor.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        switch parts.first {
        case "account" where parts.count >= 2:
            let id = parts.dropFirst().joined(separator: ":")
            if staff[id] == nil { staff[id] = .some(try AccountStore.account(id: id, in: db)) }
            guard let account = staff[id] ?? nil, account.role.isStaff else { return .formerStaff }
            return .staff(role: account.role, email: account.email)
        case "cli" where parts.count >= 2:
            return .commandLine(command: parts[1], user: parts.count > 2 ? parts[2] : nil)
        default:
            return .system
        }
    }
}
