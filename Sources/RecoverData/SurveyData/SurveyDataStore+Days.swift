import Care

extension SurveyDataStore {
    /// Calls `body` with each of the patient's survey results whose event (or, without one, completion) falls
    /// on a day from `first` through `last` (both optional), oldest first; one row at a time, inside the
    /// caller's transaction (the exports stream through it).
    public static func forEachResult(
        patientID: String, from first: LocalDate?, through last: LocalDate?, in db: StoreConnection,
        _ body: (SurveyResultRecord) throws -> Void
    ) throws {
        let completed = db.dialect.instantText("r.completed_at")
        let days = LocalDayCondition("coalesce(o.event_start, \(completed))", from: first, through: last)
        try db.forEachRow(
            """
            SELECT r.* FROM survey_result AS r LEFT JOIN care_outcome AS o ON o.id = r.id
            WHERE r.patient_id = ?\(days.andCondition) ORDER BY r.completed_at, r.id
            """, [patientID] + days.arguments
        ) { row in try body(try SurveyResultRecord(row: row)) }
    }
}
