import Foundation
import Research
import Testing

@testable import Recover

/// The shipped study file is the source of the Recover study: these check that it is complete and written in the
/// form `recover study export --shipped` gives, so that an export, an edit and an apply compare line by line.
/// After editing the file by hand, `RECOVER_WRITE_STUDY_FILE=1 swift test --filter ShippedStudyTests` rewrites it
/// in that form.
@Suite struct ShippedStudyTests {
    @Test func shippedFileIsInTheFormStudyFileWrites() throws {
        let written = try StudyFile.write(RecoverStudy.shipped)
        if ProcessInfo.processInfo.environment["RECOVER_WRITE_STUDY_FILE"] == "1" {
            let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../Sources/Recover/Study/recover.study.json").standardizedFileURL
            try written.write(to: path)
        }
        #expect(String(decoding: RecoverStudy.shippedFile, as: UTF8.self) == String(decoding: written, as: UTF8.self))
        #expect(
            try StudyFile.read(written, importQuestionnaire: RecoverStudy.questionnaireImporter) == RecoverStudy.shipped
        )
    }

    @Test func everyTaskHasItsSurveyInBothLanguages() throws {
        let study = RecoverStudy.shipped
        #expect(study.tasks.map(\.id) == RecoverSurveys.ids + ["koos"])
        for id in RecoverSurveys.ids {
            for language in StudyLanguage.allCases {
                let survey = try #require(RecoverSurveys.survey(id, language: language))
                #expect(survey.id == id)
                #expect(survey.validate().isEmpty)
            }
        }
        #expect(
            RecoverSurveys.checkin(language: .simplifiedChinese).steps.first?.title
                != RecoverSurveys.checkin().steps.first?.title)
    }

    @Test func everySurveyButConsentAndRecordingCanBeAnsweredAgain() {
        let study = RecoverStudy.shipped
        #expect(
            study.changeableTasks == ["checkin", "rangeOfMotionCheck", "weeklyDiary", "hearingScreening", "koos"])
        #expect(!study.answersCanBeChanged(task: "onboarding"), "it signs the consent document")
        #expect(!study.answersCanBeChanged(task: "kneeBendVideo"), "a new recording is a new upload")
        #expect(!study.answersCanBeChanged(task: "noSuchTask"))
        // Driven by the survey's steps, not by the task's name: a check-in that also records a video cannot.
        var checkin = RecoverSurveys.checkin()
        #expect(checkin.answersCanBeChanged)
        let video = RecoverSurveys.survey("kneeBendVideo", language: .english)?.steps
        checkin.steps += video?.filter { if case .frontCameraRecording = $0.kind { true } else { false } } ?? []
        #expect(!checkin.answersCanBeChanged)
    }

    @Test func consentDocumentsAreTheOnesOnboardingSigns() throws {
        let study = RecoverStudy.shipped
        #expect(study.consents.map(\.id) == [StudyConsent.participation, "video-sharing"])
        let participation = try #require(study.consent(StudyConsent.participation))
        #expect(participation.isRequired)
        #expect(study.consent("video-sharing")?.isRequired == false)
        for language in StudyLanguage.allCases {
            let step = RecoverSurveys.onboarding(language: language).steps.first {
                $0.id == RecoverSurveys.Onboarding.signature
            }
            guard case .consentDocument(let document) = step?.kind else {
                Issue.record("onboarding has no consent step in \(language)")
                continue
            }
            let text = try #require(participation.languages[language.tag])
            #expect(document.html == text.html)
            #expect(document.signatureMeaning == text.signatureMeaning)
            #expect(document.version == participation.version)
        }
    }

    @Test func monitoringWatchesTheCheckinAndHighPain() throws {
        let monitoring = RecoverStudy.shipped.monitoring
        #expect(monitoring.dailyTask == StudyTaskID.checkin)
        #expect(monitoring.missedDays == 3)
        let rule = try #require(monitoring.alerts.first)
        #expect(rule.kind == RecoverSurveys.Checkin.pain)
        #expect(rule.raises(8) && !rule.raises(7))
        #expect(rule.message(language: "zh-Hans", fallback: "en").contains("{value}"))
    }
}
