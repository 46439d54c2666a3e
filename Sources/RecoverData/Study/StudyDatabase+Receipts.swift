import Foundation

extension StudyDatabase {
    /// The receipt of the participant's signed consent record `recordID`, in one read.
    public func consentReceipt(recordID: String, participantID: String) throws -> Data? {
        guard let publicKey = signingKey?.publicKey else { return nil }
        return try database.read { db in
            try ConsentReceipt.json(recordID: recordID, participantID: participantID, publicKey: publicKey, in: db)
        }
    }

    /// The newest stored audit checkpoint.
    public func latestAuditCheckpoint() throws -> AuditCheckpoint? {
        try AuditCheckpoint.latest(in: database)
    }
}
