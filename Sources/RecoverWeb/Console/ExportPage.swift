/// `GET /console/export` (admins and researchers): how to export the study's data. Downloads come with the
/// export module; until then the page gives the command-line way.
enum ExportPage {
    static func show(_ request: Request, context: ConsoleContext) throws -> Response {
        _ = try context.staff(request)
        let t = Localizer(request.language)
        return .html(
            ConsoleLayout.page(
                title: t["console.export.title"], section: .export, request: request,
                body: """
                    <h1>\(t["console.export.title"])</h1>
                    <section class="card">
                    <p>\(t["console.export.cli"])</p>
                    <p><code>recover export --format csv|json|fhir --data-dir DIR</code></p>
                    </section>
                    """))
    }
}
