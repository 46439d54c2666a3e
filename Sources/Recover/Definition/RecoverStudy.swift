import Foundation
import Research

/// The Recover study as it ships: the study file `Study/recover.study.json` in this module's resources, the
/// version a new data folder starts from.
public enum RecoverStudy {
    /// The shipped study file's bytes.
    public static let shippedFile: Data = {
        guard let url = Bundle.module.url(forResource: "recover.study", withExtension: "json", subdirectory: "Study"),
            let data = try? Data(contentsOf: url)
        else { fatalError("the Recover module's resources lack Study/recover.study.json") }
        return data
    }()

    /// The shipped study, read and checked.
    public static let shipped: StudyDefinition = {
        do {
            return try StudyFile.read(shippedFile, importQuestionnaire: questionnaireImporter)
        } catch {
            fatalError("the shipped study file has problems:\n\(error)")
        }
    }()

    /// How study files of this build read FHIR Questionnaires: the engine's mapping (docs/fhir-questionnaire.md),
    /// whose problems are thrown one a line with their linkIds.
    public static let questionnaireImporter: StudyFile.QuestionnaireImporter? = { data in
        try FHIRQuestionnaire.survey(from: data)
    }
}
