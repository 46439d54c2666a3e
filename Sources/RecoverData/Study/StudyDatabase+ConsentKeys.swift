extension StudyDatabase {
    /// The id of the server key that signed consent record `recordID`, nil when it is unsigned: what a printed
    /// copy names beside the server's signature.
    public func consentKeyID(recordID: String) throws -> String? {
        try database.read { db in try ConsentSigning.keyID(ofRecord: recordID, in: db) }
    }
}
