import Care
import Exports
import Foundation
import Recover
import RecoverData
import Research
import Testing

/// The FHIR bundle's Questionnaires, CarePlans and the canonical references of its QuestionnaireResponses.
@Suite struct FHIRStudyExportTests {
    static let base = "http://recover.local/fhir/Questionnaire/"

    func bundle(_ fixture: ExportFixture) throws -> [[String: Any]] {
        let out = fixture.url("bundle-\(UUID().uuidString).json")
        try ExportFormat.fhir.write(
            from: fixture.records.database, filter: try ExportFilter(), pseudonyms: fixture.pseudonyms, to: out)
        let bundle = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])
        return (bundle["entry"] as? [[String: Any]] ?? []).compactMap { $0["resource"] as? [String: Any] }
    }

    func of(_ type: String, _ resources: [[String: Any]]) -> [[String: Any]] {
        resources.filter { $0["resourceType"] as? String == type }
    }

    @Test func everySurveyHasAQuestionnaireAndEveryResponsePointsAtItsCanonical() throws {
        let fixture = try ExportFixture(participants: 2, days: 5)
        let resources = try bundle(fixture)
        let questionnaires = of("Questionnaire", resources)
        #expect(
            Set(questionnaires.compactMap { $0["url"] as? String })
                == Set(RecoverStudy.shipped.surveys.map { Self.base + $0.id }))
        #expect(questionnaires.allSatisfy { $0["version"] as? String == "1" })
        // The check-in's Questionnaire is the strict export of the check-in: it re-imports to the same survey (with
        // the bundle's resource id, the survey's identifier being its title there).
        let checkin = try #require(questionnaires.first { $0["url"] as? String == Self.base + "checkin" })
        let data = try JSONSerialization.data(withJSONObject: checkin)
        var imported = try FHIRQuestionnaire.survey(from: data)
        #expect(imported.canonical == SurveyCanonical(url: Self.base + "checkin", version: "1"))
        #expect(checkin["title"] as? String == "checkin")
        imported.canonical = nil
        imported.id = "checkin"
        #expect(imported == RecoverSurveys.checkin())
        let responses = of("QuestionnaireResponse", resources)
        #expect(!responses.isEmpty)
        let canonicals = Set(questionnaires.compactMap { q in (q["url"] as? String).map { "\($0)|1" } })
        #expect(responses.allSatisfy { canonicals.contains($0["questionnaire"] as? String ?? "") })
        #expect(responses.contains { $0["questionnaire"] as? String == Self.base + "checkin|1" })
    }

    @Test func eachParticipantHasACarePlanOfTheirTasks() throws {
        let fixture = try ExportFixture(participants: 2, days: 3)
        let accounts = try AccountStore(database: fixture.database).accounts(role: .participant)
        let leaving = try #require(accounts.first)
        try fixture.records.withdraw(patientID: leaving.id, on: ExportFixture.today, at: Date())
        let plans = of("CarePlan", try bundle(fixture))
        #expect(plans.count == 2)
        #expect(plans.compactMap { $0["status"] as? String }.sorted() == ["active", "revoked"])
        for plan in plans {
            let details = (plan["activity"] as? [[String: Any]] ?? []).compactMap { $0["detail"] as? [String: Any] }
            let canonicals = details.compactMap { ($0["instantiatesCanonical"] as? [String])?.first }
            #expect(Set(canonicals) == Set(RecoverStudy.shipped.tasks.map { Self.base + $0.survey + "|1" }))
            #expect(details.allSatisfy { $0["kind"] as? String == "Task" })
        }
    }

    @Test func aRevisedSurveyAddsItsRevisionAndEarlierResultsKeepTheirs() throws {
        let fixture = try ExportFixture(participants: 1, days: 3)
        var next = RecoverStudy.shipped
        next.version = 2
        let index = try #require(next.surveys.firstIndex { $0.id == "checkin" })
        next.surveys[index].revision = 2
        next.surveys[index].languages["en"]?.steps[0].title = "Daily check-in, revised"
        let now = Date()
        let today = LocalDateTime(instant: now, in: .gmt).date
        _ = try fixture.records.applyStudy(
            try StudyFile.write(next), effective: today.addingDays(1), actor: "cli:test", now: now)
        let resources = try bundle(fixture)
        let versions = of("Questionnaire", resources).filter { $0["url"] as? String == Self.base + "checkin" }
        #expect(versions.compactMap { $0["version"] as? String }.sorted() == ["1", "2"])
        // The demo results were completed before the revision applies.
        let checkins = of("QuestionnaireResponse", resources).compactMap { $0["questionnaire"] as? String }
            .filter { $0.hasPrefix(Self.base + "checkin") }
        #expect(!checkins.isEmpty && checkins.allSatisfy { $0 == Self.base + "checkin|1" })
    }
}
