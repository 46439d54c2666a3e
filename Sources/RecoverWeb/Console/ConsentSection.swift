/// The participant page's consent record: the signed document's facts, the signature image and whether the
/// record still verifies. Filled from the consent record store once it is part of the build; until then it
/// says that no consent record is stored.
enum ConsentSection {
    static func render(participantID: String, t: Localizer) -> HTML {
        """
        <section class="card" aria-labelledby="consent-heading">
        <h2 id="consent-heading">\(t["console.consent.title"])</h2>
        <p>\(t["console.consent.none"])</p>
        </section>
        """
    }
}
