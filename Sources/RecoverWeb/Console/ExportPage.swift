import Exports
import Foundation
import RecoverData
import Web

/// `GET /console/export` (admins and researchers): download the study's data as CSV (one row per outcome
/// value), JSON (everything per participant) or a FHIR R4 Bundle, with pseudonymous participant ids.
///
/// `GET /console/export/:format` streams the export to the browser as an attachment while the Exports module
/// writes it from one read snapshot (``Response/stream(status:headers:_:)``: flat memory, no temporary file;
/// an error mid-way cuts the connection, so a partial download never looks complete). The download is
/// audited as a staff read of each participant's data and of the whole study
/// (``ExportFormat/recordExport(filter:by:at:in:)``), as `recover export` is.
enum ExportPage {
    static func show(_ request: Request, context: ConsoleContext) throws -> Response {
        _ = try context.staff(request)
        let t = Localizer(request.language)
        let links = ExportFormat.allCases.map { format in
            HTML(
                "<li><a class=\"button secondary\" href=\"/console/export/\(format.rawValue)\" download>\(t["console.export.\(format.rawValue)"])</a></li>"
            )
        }
        return .html(
            ConsoleLayout.page(
                title: t["console.export.title"], section: .export, request: request,
                body: """
                    <h1>\(t["console.export.title"])</h1>
                    <section class="card" aria-labelledby="download-heading">
                    <h2 id="download-heading">\(t["console.export.download"])</h2>
                    <p>\(t["console.export.intro"])</p>
                    <ul class="export-links">\(links)</ul>
                    </section>
                    <section class="card" aria-labelledby="cli-heading">
                    <h2 id="cli-heading">\(t["console.export.cliTitle"])</h2>
                    <p>\(t["console.export.cli"])</p>
                    <p><code>recover export --format csv --out study.csv --data-dir DIR</code></p>
                    </section>
                    """))
    }

    static func download(_ request: Request, context: ConsoleContext) throws -> Response {
        _ = try context.staff(request)
        guard let format = ExportFormat(rawValue: try request.parameter("format")) else {
            throw HTTPError(.notFound)
        }
        guard let exports = context.exports else {
            throw HTTPError(.serviceUnavailable, "console.export.noKey")
        }
        // Every check and the audit entry come before the stream: a refusal is a whole page, never a cut body.
        try format.recordExport(
            filter: try ExportFilter(), by: try context.actor(request), at: context.services.now(),
            in: exports.records.database)
        let (type, name) = format.download
        return Response.stream(
            headers: [
                "Content-Type": type, "Content-Disposition": "attachment; filename=\"\(name)\"",
                "Cache-Control": "no-store",
            ]
        ) { body in
            try exports.write(format, to: ExportWriter { bytes in try body.write(bytes) })
        }
    }
}
