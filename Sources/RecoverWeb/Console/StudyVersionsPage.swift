import Care
import Foundation
import Recover
import RecoverData
import Web

/// `GET /console/study` (staff): the study's versions, newest first: from which day each applies, who applied it
/// and when, and what it changed against the version before (tasks added, changed and ended, surveys revised);
/// `GET /console/study/:version.json` gives a version's file as applied, for a monitor or an inspector.
enum StudyVersionsPage {
    static func show(_ request: Request, context: ConsoleContext) throws -> Response {
        _ = try context.staff(request)
        let t = Localizer(request.language)
        let language = request.language.tag
        let versions = try context.records.studyVersions()
        let emails = try context.records.accountEmails(
            ids: versions.compactMap { $0.appliedBy.hasPrefix("account:") ? String($0.appliedBy.dropFirst(8)) : nil })
        let today = context.today().description
        let inForceToday = versions.first { $0.effectiveOn <= today }?.version
        var rows: [HTML] = []
        for (index, record) in versions.enumerated() {
            guard let study = try context.records.studyVersion(record.version) else { continue }
            let previous = index + 1 < versions.count ? versions[index + 1].version : nil
            let before = try previous.flatMap { try context.records.studyVersion($0) } ?? shippedBefore(study)
            let status: String
            if record.effectiveOn > today {
                status = t["console.study.status.scheduled"]
            } else if record.version == inForceToday {
                status = t["console.study.status.inForce"]
            } else {
                status = t["console.study.status.superseded"]
            }
            // The shipped version is stored, with no day, when the first amendment is applied.
            let shipped = record.effectiveOn.isEmpty
            rows.append(
                row(
                    version: record.version, status: status,
                    effective: shipped ? t["console.study.fromStart"] : record.effectiveOn,
                    applied: shipped ? nil : ConsoleFormat.dateTime(record.appliedAt, in: context.zone),
                    by: shipped ? t["console.study.shipped"] : actor(record.appliedBy, emails: emails, t: t),
                    changes: changes(from: before, to: study, language: language, t: t), t: t))
        }
        if versions.last.map({ $0.version > RecoverStudy.shipped.version }) ?? true {
            // The shipped study is version 1 until an amendment is stored.
            let shipped = RecoverStudy.shipped
            rows.append(
                row(
                    version: shipped.version,
                    status: versions.isEmpty ? t["console.study.status.inForce"] : t["console.study.status.superseded"],
                    effective: nil, applied: nil, by: t["console.study.shipped"],
                    changes: [first(shipped, t: t)], t: t))
        }
        let inForce = try context.records.studyInForce()
        return .html(
            ConsoleLayout.page(
                title: t["console.study.title"], section: .study, request: request,
                body: """
                    <h1>\(t["console.study.title"])</h1>
                    <p>\(t("console.study.summary", ["title": inForce.title(language: language), "version": String(inForce.version)]))</p>
                    <p class="hint">\(t["console.study.hint"])</p>
                    <ol class="version-list">\(rows)</ol>
                    """))
    }

    /// `GET /console/study/:file`, `:file` being `<version>.json`: the version's file exactly as applied.
    static func download(_ request: Request, context: ConsoleContext) throws -> Response {
        _ = try context.staff(request)
        let name = try request.parameter("file")
        guard name.hasSuffix(".json"), let version = Int(name.dropLast(5)), (1...1_000_000).contains(version) else {
            throw HTTPError(.notFound)
        }
        let file: Data
        if let stored = try context.records.studyVersionFile(version) {
            file = stored
        } else if version == RecoverStudy.shipped.version, try context.records.studyVersions().isEmpty {
            file = RecoverStudy.shippedFile
        } else {
            throw HTTPError(.notFound)
        }
        return Response(
            headers: [
                "Content-Type": "application/json; charset=utf-8",
                "Content-Disposition": "attachment; filename=\"study-version-\(version).json\"",
            ], body: Array(file))
    }

    private static func row(
        version: Int, status: String, effective: String?, applied: String?, by: String, changes: [String],
        t: Localizer
    ) -> HTML {
        let items = changes.map { HTML("<li>\($0)</li>") }
        let effectiveLine: HTML =
            effective.map { HTML("<dt>\(t["console.study.effective"])</dt><dd>\($0)</dd>") } ?? .empty
        let appliedLine: HTML =
            applied.map { HTML("<dt>\(t["console.study.applied"])</dt><dd>\($0) · \(by)</dd>") }
            ?? HTML("<dt>\(t["console.study.applied"])</dt><dd>\(by)</dd>")
        return """
            <li class="card version" id="version-\(String(version))">
            <h2>\(t("console.study.version", ["version": String(version)])) <span class="badge">\(status)</span></h2>
            <dl class="definition">\(effectiveLine)\(appliedLine)</dl>
            <h3>\(t["console.study.changes"])</h3>
            <ul class="change-list">\(items)</ul>
            <p><a href="/console/study/\(String(version)).json" download>\(t("console.study.file", ["version": String(version)]))</a></p>
            </li>
            """
    }

    /// The study a first stored version followed: the shipped one when the numbers follow on.
    private static func shippedBefore(_ study: StudyDefinition) -> StudyDefinition? {
        study.version > RecoverStudy.shipped.version ? RecoverStudy.shipped : nil
    }

    /// The version's changes against `before`, in the page's language; a first version lists what it holds.
    static func changes(from before: StudyDefinition?, to study: StudyDefinition, language: String, t: Localizer)
        -> [String]
    {
        guard let before, let amendment = try? StudyAmendment(from: before, to: study) else {
            return [first(study, t: t)]
        }
        if amendment.isEmpty { return [t["console.study.change.none"]] }
        func task(_ id: String, in definition: StudyDefinition) -> String {
            definition.title(ofTask: id, language: language) ?? id
        }
        return amendment.changes.map { change in
            switch change {
            case .taskAdded(let id): t("console.study.change.taskAdded", ["task": task(id, in: study)])
            case .taskChanged(let id): t("console.study.change.taskChanged", ["task": task(id, in: study)])
            case .taskEnded(let id): t("console.study.change.taskEnded", ["task": task(id, in: before)])
            case .surveyRevised(let id, let old, let new):
                t("console.study.change.surveyRevised", ["survey": id, "from": String(old), "to": String(new)])
            case .surveyAdded(let id): t("console.study.change.surveyAdded", ["survey": id])
            case .outcomesChanged: t["console.study.change.outcomes"]
            case .consentAdded(let id, let version):
                t(
                    "console.study.change.consent",
                    ["document": study.consent(id)?.languages[language]?.title ?? id, "version": version])
            case .monitoringChanged: t["console.study.change.monitoring"]
            case .contactChanged: t["console.study.change.contact"]
            case .detailsChanged: t["console.study.change.details"]
            }
        }
    }

    private static func first(_ study: StudyDefinition, t: Localizer) -> String {
        t("console.study.change.first", ["tasks": String(study.tasks.count), "surveys": String(study.surveys.count)])
    }

    /// Who applied a version, as staff know them: an account's e-mail address, an operator's user name.
    private static func actor(_ actor: String, emails: [String: String], t: Localizer) -> String {
        if actor.hasPrefix("account:") { return emails[String(actor.dropFirst(8))] ?? t["console.study.byAccount"] }
        if actor.hasPrefix("cli:") {
            // `cli:<command>:<user>`: the operating-system user who ran it.
            let user = actor.split(separator: ":", omittingEmptySubsequences: false).last.map(String.init) ?? actor
            return t("console.study.byOperator", ["user": user])
        }
        return t["console.study.bySystem"]
    }
}
