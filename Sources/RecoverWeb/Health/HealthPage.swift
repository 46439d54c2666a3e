import Foundation
import HealthImport
import RecoverData
import Research
import Web

/// `/account/health`: how to export Apple Health data on the phone, the upload with its progress, the state of
/// the last upload, and which types the study may read (each can be stopped, its shared data deleted, or
/// allowed again).
enum HealthPage {
    static func show(_ request: Request, health: HealthServices) throws -> Response {
        .html(try render(request, health: health, notice: notice(request)))
    }

    /// The notice a redirect after a change asks for (`?saved=stepCount&state=0&deleted=3`).
    static func notice(_ request: Request) -> String? {
        guard let saved = request.query["saved"], let type = HealthDataType(rawValue: saved) else { return nil }
        let t = Localizer(request.language)
        let name = t["health.\(type.rawValue)"]
        if let deleted = request.query["deleted"].flatMap({ BoundedInteger.parse($0, in: 0...1_000_000) }) {
            return t("health.grants.deleted", ["type": name, "count": String(deleted)])
        }
        let state = request.query["state"] == "1" ? t["health.grants.allowed"] : t["health.grants.notAllowed"]
        return t("health.grants.saved", ["type": name, "state": state])
    }

    static func render(_ request: Request, health: HealthServices, notice: String?) throws -> HTML {
        let t = Localizer(request.language)
        let account = try ParticipantContext.participantAccount(request)
        let records = health.study.records
        let grants = try records.healthGrants(participantID: account.id)
        let latest = try records.healthUploads(participantID: account.id).last
        let imports = try records.healthImports(participantID: account.id)
        let noticeHTML: HTML = notice.map { "<p class=\"notice\" role=\"status\">\($0)</p>" } ?? .empty
        let steps = (1...4).map { HTML("<li>\(t["health.how.\($0)"])</li>") }
        let nothingAllowed: HTML =
            grants.contains(where: \.granted)
            ? .empty : "<p class=\"notice\">\(t["health.upload.nothingAllowed"])</p>"
        let size = byteSize(health.uploadLimit)
        return Layout.page(
            title: t["health.page.title"], request: request,
            body: """
                <link rel="stylesheet" href="\(StudyAssets.url("css/account.css"))">
                <h1>\(t["health.page.title"])</h1>
                \(noticeHTML)
                <p>\(t["health.page.intro"])</p>
                <section class="card" aria-labelledby="health-how-heading">
                <h2 id="health-how-heading">\(t["health.how.heading"])</h2>
                <ol class="health-steps">\(steps)</ol>
                </section>
                <section class="card" aria-labelledby="health-upload-heading" data-health-upload \
                data-status="/account/health/status" data-csrf="\(request.csrfToken)" data-limit="\(health.uploadLimit)" \
                data-pending="\(latest?.isPending == true ? "1" : "0")" \
                data-uploading-label="\(t["health.upload.uploading"])" data-no-file="\(t["health.upload.noFile"])" \
                data-too-large="\(t("health.upload.tooLarge", ["size": size]))" data-failed="\(t["health.upload.failed"])" \
                data-signed-out="\(t["health.status.signedOut"])">
                <h2 id="health-upload-heading">\(t["health.upload.heading"])</h2>
                \(nothingAllowed)
                <form class="stack" method="post" action="/account/health/upload" enctype="application/octet-stream">
                <div class="field"><label for="health-file">\(t["health.upload.file"])</label>
                <p class="hint" id="health-file-hint">\(t("health.upload.limit", ["size": size]))</p>
                <input id="health-file" class="health-file" name="export" type="file" accept=".zip,application/zip" \
                aria-describedby="health-file-hint"></div>
                <div><button class="button" type="submit" data-health-send disabled>\(t["health.upload.send"])</button></div>
                <noscript><p class="alert">\(t["health.upload.needsScript"])</p></noscript>
                </form>
                <progress class="health-progress" max="1000" value="\(latest?.progress ?? 0)" \
                \(latest?.isPending == true ? HTML.empty : "hidden") data-health-progress \
                aria-labelledby="health-status"></progress>
                <p class="health-status" id="health-status" role="status" data-health-status>\
                \(statusText(latest, imports: imports, account: account, t))</p>
                </section>
                \(grantsSection(request, grants: grants, t))
                """)
    }

    /// The state of the latest upload in words.
    static func statusText(
        _ upload: HealthUpload?, imports: [HealthImportRecord], account: Account, _ t: Localizer
    ) -> String {
        guard let upload else { return t["health.status.none"] }
        switch upload.state {
        case .queued: return t["health.status.queued"]
        case .importing: return t("health.status.importing", ["percent": percent(upload.progress)])
        case .failed:
            let key = "health.error.\(upload.errorCode ?? "other")"
            let reason = t.catalog.string(key, in: t.language) != nil ? t[key] : t["health.error.other"]
            return t("health.status.failed", ["reason": reason])
        case .done:
            guard let record = imports.first(where: { $0.id == upload.importID }) else {
                return t["health.status.none"]
            }
            let date = ParticipantClock.today(for: account, now: record.importedAt).description
            return t(
                "health.status.done",
                [
                    "records": grouped(record.recordsRead), "kept": grouped(record.recordsKept),
                    "days": grouped(record.daysStored),
                ]) + skippedText(record.skipped, t) + t["health.status.sentenceGap"]
                + t("health.status.doneAt", ["date": date])
        }
    }

    /// What was not kept, in four groups a participant can act on (types not shared, before joining,
    /// repeated, unreadable), leaving out the empty ones, after the gap between sentences of the language:
    /// " Not kept: 3 of types not shared with the study."
    static func skippedText(_ skipped: [String: Int], _ t: Localizer) -> String {
        let groups: [(key: String, codes: Set<String>)] = [
            ("health.skip.types", ["not-granted", "unknown-type"]), ("health.skip.beforeStart", ["before-start"]),
            ("health.skip.repeated", ["repeated-outside-correlation", "repeated-inside-correlation"]),
        ]
        let named = groups.reduce(Set<String>()) { $0.union($1.codes) }
        var counts = groups.map { group in
            (group.key, group.codes.reduce(0) { $0 &+ (skipped[$1] ?? 0) })
        }
        counts.append(("health.skip.unreadable", skipped.filter { !named.contains($0.key) }.values.reduce(0, &+)))
        let parts = counts.filter { $0.1 > 0 }.map { t($0.0, ["count": grouped($0.1)]) }
        guard !parts.isEmpty else { return "" }
        return t["health.status.sentenceGap"]
            + t("health.status.skipped", ["parts": parts.joined(separator: t["health.status.separator"])])
    }

    static func grantsSection(_ request: Request, grants: [HealthGrant], _ t: Localizer) -> HTML {
        let rows: [HTML] = grants.map { grant in
            let name = t["health.\(grant.type.rawValue)"]
            let id = "grant-\(grant.type.rawValue)"
            let state = grant.granted ? t["health.grants.allowed"] : t["health.grants.notAllowed"]
            let control: HTML =
                grant.granted
                ? """
                <label class="choice"><input type="checkbox" name="delete" value="1"> \
                \(t["health.grants.deleteToo"])</label>
                <input type="hidden" name="granted" value="0">
                <div><button class="button secondary" type="submit">\(t["health.grants.stop"])</button></div>
                """
                : """
                <input type="hidden" name="granted" value="1">
                <div><button class="button secondary" type="submit">\(t["health.grants.allow"])</button></div>
                """
            return """
                <li class="health-grant" data-grant="\(grant.type.rawValue)">
                <form class="stack" method="post" action="/account/health/grants" aria-labelledby="\(id)">
                \(Layout.csrfField(request))
                <input type="hidden" name="type" value="\(grant.type.rawValue)">
                <p id="\(id)"><strong>\(name)</strong>: <span data-grant-state>\(state)</span></p>
                \(control)
                </form>
                </li>
                """
        }
        let list: HTML =
            rows.isEmpty
            ? "<p>\(t["health.grants.none"])</p>" : "<ul class=\"health-grants\">\(rows)</ul>"
        return """
            <section class="card" aria-labelledby="health-grants-heading">
            <h2 id="health-grants-heading">\(t["health.grants.heading"])</h2>
            <p>\(t["health.grants.intro"])</p>
            \(list)
            </section>
            """
    }

    /// `POST /account/health/grants`: `type`, `granted` (`0` or `1`), `delete` (`1`: delete the shared data
    /// too). Anything else is a 400 that changes nothing.
    static func changeGrant(_ request: Request, health: HealthServices) throws -> Response {
        let account = try ParticipantContext.participantAccount(request)
        let form = try request.form()
        guard let type = HealthDataType(rawValue: form["type"] ?? ""),
            let granted = ["0": false, "1": true][form["granted"] ?? ""],
            [nil, "1"].contains(form["delete"])
        else { throw HTTPError(.badRequest, "health.error.badForm") }
        let deleting = form["delete"] == "1" && !granted
        let deleted: Int
        do {
            deleted = try health.study.records.changeHealthGrant(
                type, granted: granted, deletingData: deleting, participantID: account.id,
                by: "account:\(account.id)", at: health.study.now())
        } catch let error as HealthStoreError where error.code == .notAsked {
            throw HTTPError(.badRequest, "health.error.badForm")
        }
        let suffix = deleting ? "&deleted=\(deleted)" : "&state=\(granted ? 1 : 0)"
        return .redirect(to: "/account/health?saved=\(type.rawValue)\(suffix)")
    }

    /// `GET /account/health/status`: the latest upload as JSON, for the page's progress.
    static func status(_ request: Request, health: HealthServices) throws -> Response {
        let account = try ParticipantContext.participantAccount(request)
        let records = health.study.records
        let latest = try records.healthUploads(participantID: account.id).last
        let text = statusText(
            latest, imports: try records.healthImports(participantID: account.id), account: account,
            Localizer(request.language))
        var response = try Response.json(
            Status(
                state: latest?.state.rawValue ?? "none", progress: latest?.progress ?? 0,
                pending: latest?.isPending ?? false, message: text))
        response.headers["Cache-Control"] = "no-store"
        return response
    }

    struct Status: Encodable {
        let state: String
        let progress: Int
        let pending: Bool
        let message: String
    }

    /// `812,000`.
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (number < 0 ? "-" : "") + out
    }

    /// `40%` from thousandths.
    static func percent(_ thousandths: Int) -> String { "\(min(max(thousandths, 0), 1000) / 10)%" }

    /// `2 GB`, `500 MB`: the limit in whole binary units.
    static func byteSize(_ bytes: Int) -> String {
        if bytes >= 1 << 30, bytes % (1 << 30) == 0 { return "\(bytes >> 30) GB" }
        return "\(max(bytes >> 20, 1)) MB"
    }
}
