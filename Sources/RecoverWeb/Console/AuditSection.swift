import Foundation
import RecoverData
import Web

/// The participant page's audit entries: who created, changed, deleted or read this participant's records,
/// newest first. Staff actors are shown by email.
enum AuditSection {
    static func render(
        _ entries: [AuditEntry], staff: [Account], participantID: String, zone: TimeZone, t: Localizer
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
                <td>\(entry.entityType) <span class="id">\(entry.entityID.prefix(12))</span></td></tr>
                """)
        }
        let body: HTML =
            entries.isEmpty
            ? "<p>\(t["console.audit.none"])</p>"
            : ConsoleLayout.table(
                caption: t["console.audit.caption"],
                head: [
                    t["console.audit.when"], t["console.audit.who"], t["console.audit.what"],
                    t["console.audit.record"],
                ], rows: rows)
        return """
            <section aria-labelledby="audit-heading">
            <h2 id="audit-heading">\(t["console.audit.title"])</h2>
            \(body)
            </section>
            """
    }
}
