import Care
import Foundation
import RecoverData
import Research
import Web

/// The participant page's audit entries: who created, changed, deleted or read this participant's records,
/// newest first. Staff actors are shown by email.
///
/// For a change the "Change" column says what changed in plain words from the values kept beside the entry
/// (`audit_value`): "Pain 7 → 5" for an outcome, the answers of a survey result. The values are health data:
/// they are shown only to roles that may see participant health data (``showsValues(to:)``); any other
/// role sees that a change happened ("values hidden").
enum AuditSection {
    /// Whether `role` may read the values of changes: the roles that may open a participant page, whose
    /// outcome table and survey answers the page shows anyway (researchers and admins). Participants never.
    static func showsValues(to role: AccountRole?) -> Bool {
        role == .researcher || role == .admin
    }

    /// Which page of the list is shown.
    struct Paging {
        var page = 1
        var pageSize = 25
        var total = 0

        var pages: Int { max(1, (total + pageSize - 1) / pageSize) }
    }

    static func render(
        _ entries: [AuditEntry], values: [Int64: AuditValues] = [:], showValues: Bool, staff: [Account],
        participantID: String, zone: TimeZone, t: Localizer, paging: Paging = Paging()
    ) -> HTML {
        let emails = Dictionary(staff.map { ("account:\($0.id)", $0.email) }, uniquingKeysWith: { first, _ in first })
        let rows = entries.map { entry in
            let actor =
                emails[entry.actor]
                ?? (entry.actor == "account:\(participantID)" ? t["console.audit.participant"] : entry.actor)
            return HTML(
                """
                <tr><td>\(ConsoleFormat.dateTime(entry.recordedAt, in: zone))</td><td>\(actor)</td>\
                <td>\(t["console.audit.action.\(entry.action.rawValue)"])</td>\
                <td>\(entry.entityType) <span class="id">\(entry.entityID.prefix(12))</span></td>\
                <td>\(changeCell(entry, values: values[entry.sequence], showValues: showValues, t: t))</td></tr>
                """)
        }
        let body: HTML =
            entries.isEmpty
            ? "<p>\(t["console.audit.none"])</p>"
            : ConsoleLayout.table(
                caption: t["console.audit.caption"],
                head: [
                    t["console.audit.when"], t["console.audit.who"], t["console.audit.what"],
                    t["console.audit.record"], t["console.audit.change"],
                ], rows: rows)
        return """
            <section aria-labelledby="audit-heading">
            <h2 id="audit-heading">\(t["console.audit.title"])</h2>
            \(body)
            \(pageLinks(paging, shown: entries.count, participantID: participantID, t: t))
            </section>
            """
    }

    /// "Entries 26-50 of 120" with links to the newer and the older page (`?page=N`, back at this section).
    static func pageLinks(_ paging: Paging, shown: Int, participantID: String, t: Localizer) -> HTML {
        guard paging.total > paging.pageSize || paging.page > 1 else { return .empty }
        func link(_ page: Int, _ key: String, rel: String) -> HTML {
            "<li><a href=\"/console/participants/\(participantID)?page=\(page)#audit-heading\" rel=\"\(rel)\">\(t[key])</a></li>"
        }
        let first = (paging.page - 1) * paging.pageSize + 1
        var items: [HTML] = []
        if paging.page > 1 { items.append(link(paging.page - 1, "console.audit.newer", rel: "prev")) }
        if paging.page < paging.pages { items.append(link(paging.page + 1, "console.audit.older", rel: "next")) }
        let status = t(
            "console.audit.range",
            ["first": "\(first)", "last": "\(first + max(shown, 1) - 1)", "total": "\(paging.total)"])
        return """
            <nav class="pagination" aria-label="\(t["console.audit.pages"])"><ul>\(items)</ul>
            <p>\(status)</p></nav>
            """
    }

    /// The "Change" cell: empty for a read or an entry without kept values, "values hidden" for a role that
    /// may not see them, else the change in words.
    static func changeCell(_ entry: AuditEntry, values: AuditValues?, showValues: Bool, t: Localizer) -> HTML {
        guard entry.action != .read, let values else { return .empty }
        guard showValues else { return "<span class=\"hint\">\(t["console.audit.hidden"])</span>" }
        return HTML.text(change(table: entry.entityType, values: values, t: t))
    }

    /// What changed, in words: per outcome value kind "Pain 7 → 5" (or the values of a created or deleted
    /// outcome), the answers of a survey result, else the names of the columns that changed.
    static func change(table: String, values: AuditValues, t: Localizer) -> String {
        switch table {
        case "care_outcome": outcomeChange(values, t: t)
        case "survey_result": surveyChange(values, t: t)
        case "outcome_correction": correctionChange(values, t: t)
        default: columnChange(values)
        }
    }

    private static func outcomeValues(_ row: AuditRowValues?, id: String) -> [OutcomeValue]? {
        guard let json = row?.text("values_json") else { return nil }
        return try? CareRecordJSON.decode([OutcomeValue].self, json, table: "care_outcome", id: id)
    }

    private static func outcomeChange(_ values: AuditValues, t: Localizer) -> String {
        let id = values.after?.text("id") ?? values.before?.text("id") ?? ""
        let old = outcomeValues(values.before, id: id)
        let new = outcomeValues(values.after, id: id)
        let deleted = values.after.map { $0.columns["deleted_at"] != nil && $0.columns["deleted_at"] != .null }
        if deleted == true || new == nil {
            return t("console.audit.change.deleted", ["values": ParticipantPage.valuesText(old ?? [], t: t)])
        }
        guard let old, let new else { return ParticipantPage.valuesText(new ?? [], t: t) }
        let kinds = (old + new).map { $0.kind ?? "" }.reduce(into: [String]()) { kinds, kind in
            if !kinds.contains(kind) { kinds.append(kind) }
        }
        let changes = kinds.compactMap { kind -> String? in
            let before = old.filter { ($0.kind ?? "") == kind }
            let after = new.filter { ($0.kind ?? "") == kind }
            guard before != after else { return nil }
            let label = ParticipantPage.valuesText([OutcomeValue(.text(""), kind: kind)], t: t)
                .trimmingCharacters(in: .whitespaces)
            let oldText = before.isEmpty ? "–" : ParticipantPage.valuesText(before, t: t).dropLabel(label)
            let newText = after.isEmpty ? "–" : ParticipantPage.valuesText(after, t: t).dropLabel(label)
            return "\(label) \(oldText) → \(newText)"
        }
        return changes.isEmpty ? columnChange(values) : changes.joined(separator: " · ")
    }

    private static func surveyChange(_ values: AuditValues, t: Localizer) -> String {
        guard let json = (values.after ?? values.before)?.text("json"),
            let result = try? SurveyJSON.decoder().decode(SurveyResult.self, from: Data(json.utf8))
        else { return columnChange(values) }
        let task = (values.after ?? values.before)?.text("survey_id") ?? ""
        let answers = ConsoleAnswers.lines(result, studyTask: task, zone: .gmt, t: t).map { line in
            "\(line.question): \(line.answer)"
        }.joined(separator: " · ")
        return values.after == nil ? t("console.audit.change.deleted", ["values": answers]) : answers
    }

    /// A staff correction: "Pain 6 → 1: <reason>".
    private static func correctionChange(_ values: AuditValues, t: Localizer) -> String {
        guard let row = values.after ?? values.before, let kind = row.text("value_kind"),
            case .integer(let old) = row.columns["old_value"], case .integer(let new) = row.columns["new_value"]
        else { return columnChange(values) }
        return "\(CorrectionSection.kindName(kind, t: t)) \(old) → \(new): \(row.text("reason") ?? "")"
    }

    /// The names of the columns whose value differs between before and after.
    private static func columnChange(_ values: AuditValues) -> String {
        let before = values.before?.columns ?? [:]
        let after = values.after?.columns ?? [:]
        return Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted().joined(separator: ", ")
    }
}

extension String {
    /// The text after a leading "`label` " ("Pain 7" → "7").
    fileprivate func dropLabel(_ label: String) -> String {
        guard !label.isEmpty, hasPrefix(label + " ") else { return self }
        return String(dropFirst(label.count + 1))
    }
}
