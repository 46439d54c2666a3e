import Care
import SQLite

/// The live outcome values as `outcome_value` keeps them (``OutcomeValueTable``), read in place, one row per
/// value, in the order the exports write them: participant by participant, then by care task, event, outcome
/// and the value's position. The scan is one range of the table's key with no JSON unpacked, so memory stays
/// flat whatever the study's size.
///
/// ```swift
/// try storage.read { db in
///     try StoredOutcomeValues.forEach(StoredOutcomeValues.Query(participantID: id), in: db) { value in
///         let kind = value.text(.kind) ?? ""
///         if case .real(let number) = value.content { print(kind, number) }
///     }
/// }
/// ```
public enum StoredOutcomeValues {
    /// Which values a scan reads.
    public struct Query: Hashable, Sendable {
        /// One participant's values, or nil for every participant's.
        public var participantID: String?
        /// The first day of the events included (the participant's local date).
        public var from: LocalDate?
        /// The last day of the events included.
        public var through: LocalDate?
        /// Whether values recorded after the participant withdrew are left out.
        public var excludesAfterWithdrawal: Bool

        /// A query; by default every participant's values on every day, those recorded after withdrawal included.
        public init(
            participantID: String? = nil, from: LocalDate? = nil, through: LocalDate? = nil,
            excludesAfterWithdrawal: Bool = false
        ) {
            self.participantID = participantID
            self.from = from
            self.through = through
            self.excludesAfterWithdrawal = excludesAfterWithdrawal
        }
    }

    /// The columns of a value read as they are (the value itself is ``Value/content``).
    public enum Column: Int, Sendable {
        /// The participant's account id (text).
        case participant
        /// The outcome's id (text).
        case outcomeID
        /// The care task id, with the participant's prefix (text).
        case task
        /// The event's occurrence index (integer).
        case occurrence
        /// The event's local start, `2026-03-29T08:00` (text).
        case eventStart
        /// When the outcome was recorded, as ``StoredInstant`` writes it (text).
        case recordedAt
        /// The consent record the value was collected under (text, or NULL when none was recorded).
        case consentID
        /// That record's document version (text or NULL).
        case consentVersion
        /// The newest staff correction of the value (integer, or NULL when it was not corrected).
        case correctedValue
        /// That correction's reason (text or NULL).
        case correctionReason
        /// The value's kind, `checkin.form.pain` (text or NULL).
        case kind
        /// The value's unit, `h` (text or NULL).
        case unit
        /// The content's type: `integer`, `double`, `boolean`, `text`, `date` or `data` (text).
        case valueType
    }

    /// A value's content as its JSON holds it, read back the same from either database.
    public enum Content: Hashable, Sendable {
        /// A number written without a fraction or exponent.
        case integer(Int64)
        /// Any other number (a `date` is seconds since 2001-01-01).
        case real(Double)
        /// A string (a `data` value is its base64 text).
        case text(String)
        case boolean(Bool)
        case null
    }

    /// One value of a scan, read in place; valid only inside the scan's closure.
    public struct Value {
        let row: StoreCursorRow

        /// Calls `body` with the column's text as UTF-8 bytes (an integer in decimal, NULL as nothing), in place.
        public func withText<Result>(_ column: Column, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result)
            rethrows -> Result
        {
            try row.withText(column.rawValue, body)
        }

        /// The column's text, nil when it holds none (NULL).
        public func text(_ column: Column) -> String? {
            guard row.isText(column.rawValue) else { return nil }
            return row.withText(column.rawValue) { String(decoding: $0, as: UTF8.self) }
        }

        /// The column's integer, nil when it holds none.
        public func integer(_ column: Column) -> Int64? { row.integer(column.rawValue) }

        /// Whether the column is NULL.
        public func isNull(_ column: Column) -> Bool { row.isNull(column.rawValue) }

        /// The content, copied and converted (a number PostgreSQL sends as text made a number again).
        public var content: Content {
            let jsonType = row.withText(Self.jsonType) { String(decoding: $0, as: UTF8.self) }
            if jsonType == "true" || jsonType == "false" { return .boolean(jsonType == "true") }
            switch row.value(Self.value) {
            case .integer(let number): return .integer(number)
            case .real(let number): return .real(number)
            case .text(let text): return jsonType == "number" ? Self.number(text) : .text(text)
            case .null, .blob: return .null
            }
        }

        /// The content when the database holds it as an integer, read in place with nothing converted; nil for
        /// any other content (and for every number on PostgreSQL, which sends them as text: read ``content``).
        public var integerContent: Int64? {
            guard let number = row.integer(Self.value), !isBoolean else { return nil }
            return number
        }

        /// Calls `body` with a string content's UTF-8 bytes in place; nil when the content is no string.
        public func withStringContent<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
            -> Result?
        {
            guard row.isText(Self.value), !isBoolean, !row.withText(Self.jsonType, { Self.equal($0, "number") })
            else { return nil }
            return try row.withText(Self.value, body)
        }

        private var isBoolean: Bool {
            row.withText(Self.jsonType) { Self.equal($0, "true") || Self.equal($0, "false") }
        }

        /// Positions of the content and its JSON type (`json_each`'s on SQLite, ``OutcomeValueTable``'s on
        /// PostgreSQL), after ``Column``'s.
        static let value = 13, jsonType = 14

        /// A JSON number's text as SQLite's `json_each` reads it: an integer when written without a fraction or
        /// exponent, otherwise a real.
        static func number(_ text: String) -> Content {
            if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let integer = Int64(text) {
                return .integer(integer)
            }
            return Double(text).map(Content.real) ?? .text(text)
        }

        private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
            literal.withUTF8Buffer { bytes.elementsEqual($0) }
        }
    }

    /// Calls `body` with each value the query selects, in place, inside the caller's transaction; `body` must
    /// not run another query while it runs.
    public static func forEach(_ query: Query, in db: StoreConnection, _ body: (Value) throws -> Void) throws {
        var conditions: [String] = []
        var arguments: [any StoreValue] = []
        if let participant = query.participantID {
            conditions.append("r.participant_id = ?")
            arguments.append(participant)
        }
        let days = LocalDayCondition("r.event_start", from: query.from, through: query.through)
        if !days.sql.isEmpty {
            conditions.append(days.sql)
            arguments += days.arguments
        }
        if query.excludesAfterWithdrawal {
            conditions.append(
                """
                NOT EXISTS (SELECT 1 FROM account AS a WHERE a.id = r.participant_id AND a.withdrawn_at IS NOT NULL
                AND a.withdrawn_at < r.created_at)
                """)
        }
        // The columns in ``Column``'s order, then ``Value/value`` and ``Value/jsonType``.
        let sql = """
            SELECT r.participant_id AS patient_id, r.outcome_id AS outcome_id, r.task_id AS task_id,
            r.occurrence AS occurrence, r.event_start AS event_start, r.created_at AS created_at,
            cs.consent_id AS consent_id, cr.document_version AS consent_version,
            r.corrected_value AS corrected_value, r.correction_reason AS correction_reason,
            r.kind AS kind, r.unit AS unit, r.value_type AS value_type, r.value AS value, r.json_type AS json_type
            FROM outcome_value AS r
            LEFT JOIN consent_scope AS cs ON cs.id = 'survey_result:' || r.outcome_id
            LEFT JOIN consent_record AS cr ON cr.id = cs.consent_id
            \(conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND "))
            ORDER BY r.participant_id, r.task_id, r.event_start, r.outcome_id, r.position
            """
        try db.forEachCursorRow(sql, arguments) { row in try body(Value(row: row)) }
    }
}
