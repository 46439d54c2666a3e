/// The participant page's audit entries: who did what with this participant's records, newest first. Filled
/// from the audit trail once it is part of the build.
enum AuditSection {
    static func render(participantID: String, t: Localizer) -> HTML {
        """
        <section class="card" aria-labelledby="audit-heading">
        <h2 id="audit-heading">\(t["console.audit.title"])</h2>
        <p>\(t["console.audit.none"])</p>
        </section>
        """
    }
}
