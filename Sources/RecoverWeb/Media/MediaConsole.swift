import Care
import Recover
import RecoverData
import Web

/// The console participant page's "Knee bend video" block: the participant's submitted videos, newest
/// first, each in a `<video controls>` served by ``StaffVideo`` (staff only, by SHA-256). The page's read
/// is already audited by the console.
enum MediaConsole {
    /// How many videos the block shows.
    static let shown = 4

    static func videos(_ outcomes: [ConsoleQueries.TaskOutcome], t: Localizer) -> HTML {
        let hashes = outcomes.filter { $0.studyTask == StudyTaskID.kneeBendVideo }.reversed().compactMap { entry in
            entry.outcome.values.first { $0.kind == KneeBendVideoOutcomeMapping.kind }.flatMap { value -> String? in
                if case .text(let hash) = value.content, FileStore.isHash(hash) { return hash }
                return nil
            }
        }.prefix(shown)
        let items: HTML =
            hashes.isEmpty
            ? "<p>\(t["media.console.noVideo"])</p>"
            : hashes.map { hash in
                HTML(
                    """
                    <figure class="console-video"><video controls preload="metadata" src="/console/videos/\(hash)" \
                    aria-label="\(t["media.console.video"])"></video>\
                    <figcaption><span class="id">\(String(hash.prefix(12)))</span></figcaption></figure>
                    """)
            }.joined
        return """
            \(MediaWidgets.stylesheet)
            <section aria-labelledby="videos-heading">
            <h2 id="videos-heading">\(t["media.console.video"])</h2>
            \(items)
            </section>
            """
    }
}
