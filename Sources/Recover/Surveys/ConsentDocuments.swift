import Foundation
import Research

/// The shipped study's participation consent (the document onboarding signs), as the study file gives it.
public enum ConsentDocuments {
    /// The shipped participation document.
    public static var participation: StudyConsent {
        guard let consent = RecoverStudy.shipped.consent(StudyConsent.participation) else {
            fatalError("the shipped study file has no consent document \(StudyConsent.participation)")
        }
        return consent
    }

    /// The version of the shipped participation document.
    public static var version: String { participation.version }

    /// The shipped participation document in `language` as the survey engine's consent step shows it.
    public static func consent(language: StudyLanguage) -> ConsentDocument {
        participation.engineDocument(language.tag, fallback: StudyLanguage.english.tag)
    }

    /// The title of the participation consent in `language`, as the account page lists it.
    public static func title(language: StudyLanguage) -> String {
        (participation.languages[language.tag] ?? participation.languages[StudyLanguage.english.tag])?.title ?? ""
    }
}

extension StudyConsent {
    /// The document in `language` (else `fallback`, else any) as the survey engine's consent step shows it,
    /// signed after its content.
    public func engineDocument(_ language: String, fallback: String) -> ConsentDocument {
        let tag = [language, fallback].first { languages[$0] != nil } ?? languages.keys.sorted().first ?? language
        let text = languages[tag]
        return ConsentDocument(
            html: text?.html ?? "", version: version, language: tag, signatureAfterContent: true,
            signatureMeaning: text?.signatureMeaning ?? "")
    }
}
