import Care
import Foundation
import Recover
import Research
import SQLite

/// A staff member's correction of one participant-entered outcome value, with the required reason. The
/// outcome itself stays as the participant entered it; the correction is its own append-only record,
/// audited with its values, and readers use the newest correction of a value as its value.
public struct OutcomeCorrection: Hashable, Sendable {
    /// The correction's id.
    public var id: String
    /// The corrected outcome.
    public var outcomeID: String
    /// Whose outcome it is.
    public var participantID: String
    /// The value's kind (`checkin.form.pain`).
    public var kind: String
    /// The value before this correction (the participant's, or the previous correction's).
    public var oldValue: Int
    /// The corrected value.
    public var newValue: Int
    /// Why it was corrected.
    public var reason: String
    /// The staff account that corrected it.
    public var staffID: String
    /// When.
    public var correctedAt: Date
}

/// Why a correction was refused; nothing was stored.
public enum CorrectionRefusal: Error, Equatable, Sendable {
    /// The reason is empty (or only spaces).
    case missingReason
    /// The reason is longer than ``OutcomeCorrections/maximumReasonLength``.
    case reasonTooLong
    /// No live outcome of this participant has this id, or it has no value of this kind.
    case unknownValue
    /// The value kind cannot be corrected (not a check-in scale answer).
    case notCorrectable
    /// The new value is not a whole number in the item's range.
    case outOfRange(ClosedRange<Int>)
    /// The new value is the value already in force.
    case unchanged
}

/// Storing and reading corrections (table `outcome_correction`).
public enum OutcomeCorrections {
    /// The longest reason accepted, in characters.
    public static let maximumReasonLength = 1000

    /// The range of a correctable value kind: the check-in's scale items (pain 1...10, sleep 0...12 h), from
    /// the survey's own definition.
    public static func range(of kind: String) -> ClosedRange<Int>? {
        guard case .form(let items) = RecoverSurveys.checkin().step(RecoverSurveys.Checkin.form)?.kind else {
            return nil
        }
        for item in items where item.id == kind {
            if case .scale(let scale) = item.answerFormat, scale.minimum <= scale.maximum {
                return scale.minimum...scale.maximum
            }
        }
        return nil
    }

    /// Stores a correction by `staffID` inside the caller's write transaction, audited (with values) as
    /// `account:<staffID>`. Refuses (``CorrectionRefusal``) a missing or too long reason, an outcome not this
    /// participant's, a kind that cannot be corrected and a value outside its range.
    public static func correct(
        outcomeID: String, kind: String, newValue: Int, reason: String, participantID: String, staffID: String,
        at date: Date, in db: StoreConnection
    ) throws -> OutcomeCorrection {
        let reason = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !reason.isEmpty else { throw CorrectionRefusal.missingReason }
        guard reason.count <= maximumReasonLength else { throw CorrectionRefusal.reasonTooLong }
        guard let range = range(of: kind) else { throw CorrectionRefusal.notCorrectable }
        let outcomes = try ConsoleQueries.outcomes(participantID: participantID, in: db)
        guard let outcome = outcomes.first(where: { $0.outcome.id == outcomeID })?.outcome,
            case .integer(let originalValue) = outcome.values.first(where: { $0.kind == kind })?.content
        else { throw CorrectionRefusal.unknownValue }
        guard range.contains(newValue) else { throw CorrectionRefusal.outOfRange(range) }
        let current =
            try corrections(participantID: participantID, in: db)
            .last { $0.outcomeID == outcomeID && $0.kind == kind }?.newValue ?? originalValue
        guard current != newValue else { throw CorrectionRefusal.unchanged }
        let correction = OutcomeCorrection(
            id: UUID().uuidString.lowercased(), outcomeID: outcomeID, participantID: participantID, kind: kind,
            oldValue: current, newValue: newValue, reason: reason, staffID: staffID,
            correctedAt: DatabaseDate.rounded(date))
        db.auditActor = "account:\(staffID)"
        try AuditTrail.recordChange(
            .create, of: AuditedRow(table: "outcome_correction", key: correction.id), participantID: participantID,
            in: db
        ) {
            _ = try db.execute(
                """
                INSERT INTO outcome_correction (id, outcome_id, participant_id, value_kind, old_value, new_value,
                reason, staff_id, corrected_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    correction.id, outcomeID, participantID, kind, Int64(current), Int64(newValue), reason, staffID,
                    DatabaseDate.string(from: correction.correctedAt),
                ])
        }
        return correction
    }

    /// A participant's corrections, oldest first.
    public static func corrections(participantID: String, in db: StoreConnection) throws -> [OutcomeCorrection] {
        try db.query(
            "SELECT * FROM outcome_correction WHERE participant_id = ? ORDER BY corrected_at, id", [participantID]
        ).map { row in
            OutcomeCorrection(
                id: try row.string("id"), outcomeID: try row.string("outcome_id"),
                participantID: try row.string("participant_id"), kind: try row.string("value_kind"),
                oldValue: try row.int("old_value"), newValue: try row.int("new_value"),
                reason: try row.string("reason"), staffID: try row.string("staff_id"),
                correctedAt: DatabaseDate.date(from: try row.string("corrected_at")) ?? .distantPast)
        }
    }

    /// The values of `outcome` with the newest correction of each applied.
    public static func corrected(_ outcome: Outcome, by corrections: [OutcomeCorrection]) -> Outcome {
        var corrected = outcome
        for correction in corrections where correction.outcomeID == outcome.id {
            for index in corrected.values.indices where corrected.values[index].kind == correction.kind {
                corrected.values[index].content = .integer(correction.newValue)
            }
        }
        return corrected
    }
}
