extension ConsentScope {
    /// The consent record a value was collected under, with the version of the document signed.
    public struct CollectedUnder: Hashable, Sendable {
        /// The consent record's id.
        public let consentID: String
        /// Its document version.
        public let documentVersion: String
    }

    /// The consent record each of the participant's survey results (and the outcome of the same id) was
    /// collected under, by result id, inside the caller's transaction. Read whole, so a caller can use it while
    /// it walks the participant's records.
    public static func surveyResultConsents(participantID: String, in db: StoreConnection) throws -> [String:
        CollectedUnder]
    {
        var consents: [String: CollectedUnder] = [:]
        try db.forEachRow(
            """
            SELECT s.entity_id AS entity_id, s.consent_id AS consent_id, r.document_version AS version
            FROM consent_scope AS s JOIN consent_record AS r ON r.id = s.consent_id
            WHERE s.participant_id = ? AND s.entity_type = 'survey_result'
            """, [participantID]
        ) { row in
            consents[try row.string("entity_id")] = CollectedUnder(
                consentID: try row.string("consent_id"), documentVersion: try row.string("version"))
        }
        return consents
    }
}
