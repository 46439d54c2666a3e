import ExportFormats
import Foundation
import RecoverData

/// The CSV export: one row per live outcome value (docs/exports.md), after a UTF-8 byte order mark.
///
/// The hot loop reads each value in place (``StoredOutcomeValues/Value``) and writes its cells' bytes straight into the
/// output's buffer: no `String`, array or ``OutcomeValueRow`` per row except for the rare values that need
/// converting (reals, dates).
public enum CSVExport {
    /// Writes the values the filter selects to `output`, streaming; returns the number of rows.
    @discardableResult
    public static func write(
        from database: StudyStorage, filter: ExportFilter, pseudonyms: Pseudonyms, to output: ExportWriter,
        progress: (Int) -> Void = { _ in }
    ) throws -> Int {
        try output.write(CSVCell.byteOrderMark + CSVCell.line(OutcomeValueRow.csvHeader))
        var count = 0
        try database.read { db in
            // Participants without the current consent version, when the export leaves them out.
            var excluded: Set<String> = []
            if filter.consent.withoutCurrentConsent == .excluded {
                var all = filter
                all.consent.withoutCurrentConsent = .included
                try StudyRecords.forEachParticipant(all, in: db) { account in
                    if !(try StudyRecords.hasCurrentConsent(account.id, in: db)) { excluded.insert(account.id) }
                }
            }
            let precision = ValuePrecision(studies: try StudyVersionHistory.definitions(in: db).map(\.study))
            var participant = CurrentParticipant()
            try StoredOutcomeValues.forEach(OutcomeValueRow.query(filter), in: db) { row in
                participant.update(from: row, pseudonyms: pseudonyms, excluded: excluded)
                if participant.isExcluded { return }
                try output.append { line in
                    try appendLine(row, participant: participant, precision: precision, to: &line)
                }
                count += 1
                if count % 100_000 == 0 { progress(count) }
            }
        }
        return count
    }

    private typealias Row = StoredOutcomeValues.Value

    /// The participant of the rows being written (their task ids start with the participant's, so the rows come
    /// participant by participant): their id's bytes and pseudonym, worked out once for their rows.
    private struct CurrentParticipant {
        var id: [UInt8] = []
        var pseudonym: [UInt8] = []
        var isExcluded = false
        private var isSet = false

        mutating func update(from row: Row, pseudonyms: Pseudonyms, excluded: Set<String>) {
            let same = isSet && row.withText(.participant) { $0.elementsEqual(id) }
            guard !same else { return }
            isSet = true
            id = row.withText(.participant) { Array($0) }
            let text = String(decoding: id, as: UTF8.self)
            pseudonym = Array(pseudonyms.id(for: text).utf8)
            isExcluded = excluded.contains(text)
        }
    }

    private static func appendLine(
        _ row: Row, participant: CurrentParticipant, precision: ValuePrecision, to line: inout [UInt8]
    ) throws {
        guard let occurrence = row.integer(.occurrence), !row.isNull(.eventStart) else {
            throw ExportError.unreadableRecord(table: "care_outcome", id: row.text(.outcomeID) ?? "?")
        }
        let comma = UInt8(ascii: ",")
        line.append(contentsOf: participant.pseudonym)
        line.append(comma)
        row.withText(.task) { task in
            // The study task id: the care task id without the participant's prefix.
            let prefixed =
                task.count > participant.id.count && task[participant.id.count] == UInt8(ascii: ".")
                && task.starts(with: participant.id)
            CSVCell.appendCell(
                prefixed ? UnsafeBufferPointer(rebasing: task[(participant.id.count + 1)...]) : task, to: &line)
        }
        line.append(comma)
        line.append(contentsOf: String(occurrence).utf8)
        line.append(comma)
        row.withText(.eventStart) { CSVCell.appendCell(UnsafeBufferPointer(rebasing: $0.prefix(10)), to: &line) }
        line.append(comma)
        cell(row, .kind, to: &line)
        line.append(comma)
        appendValue(row, precision: precision, to: &line)
        line.append(comma)
        cell(row, .unit, to: &line)
        line.append(comma)
        cell(row, .recordedAt, to: &line)
        line.append(comma)
        cell(row, .consentVersion, to: &line)
        line.append(comma)
        if let corrected = row.integer(.correctedValue) { line.append(contentsOf: String(corrected).utf8) }
        line.append(comma)
        cell(row, .correctionReason, to: &line)
        line.append(0x0D)
        line.append(0x0A)
    }

    /// The value cell: integers and strings in place, the rest (reals to their kind's precision, dates, booleans,
    /// PostgreSQL's numbers) as ``OutcomeValueRow`` writes them.
    private static func appendValue(_ row: Row, precision: ValuePrecision, to line: inout [UInt8]) {
        let plain = row.withText(.valueType) { !(equal($0, "boolean") || equal($0, "date")) }
        if plain, let number = row.integerContent {
            line.append(contentsOf: String(number).utf8)
            return
        }
        if plain, row.withStringContent({ CSVCell.appendCell($0, to: &line) }) != nil { return }
        let type = row.text(.valueType) ?? ""
        let places = precision.places(for: row.text(.kind) ?? "")
        var text = OutcomeValueRow.text(of: row.content, type: type, places: places)
        text.withUTF8 { CSVCell.appendCell($0, to: &line) }
    }

    /// Whether the UTF-8 `bytes` are `literal`'s.
    private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        literal.withUTF8Buffer { expected in
            guard bytes.count == expected.count, let left = bytes.baseAddress, let right = expected.baseAddress else {
                return bytes.count == expected.count
            }
            return memcmp(left, right, bytes.count) == 0
        }
    }

    private static func cell(_ row: Row, _ column: StoredOutcomeValues.Column, to line: inout [UInt8]) {
        row.withText(column) { CSVCell.appendCell($0, to: &line) }
    }
}
