import Foundation
import Testing

/// `recover survey import-fhir` and `export-fhir` run as a process: output and exit code.
@Suite struct SurveyFHIRCommandTests {
    private func file(_ text: String, name: String = "input.json") throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("survey-fhir-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private func object(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func bothCommandsHaveHelp() throws {
        for command in [["survey", "import-fhir"], ["survey", "export-fhir"]] {
            let result = try CLIProcess.run(command + ["--help"])
            #expect(result.status == 0 && result.stdout.contains("USAGE: recover \(command.joined(separator: " "))"))
        }
    }

    @Test func theExportedCheckinReimportsToTheSameSurvey() throws {
        let exported = try CLIProcess.run(["survey", "export-fhir", "checkin"])
        #expect(exported.status == 0, "\(exported.stderr)")
        let questionnaire = try object(exported.stdout)
        #expect(questionnaire["resourceType"] as? String == "Questionnaire")
        #expect(questionnaire["url"] as? String == "http://recover.local/fhir/Questionnaire/checkin")
        #expect(questionnaire["version"] as? String == "1")
        let imported = try CLIProcess.run(["survey", "import-fhir", try file(exported.stdout)])
        #expect(imported.status == 0, "\(imported.stderr)")
        var survey = try object(imported.stdout)
        let canonical = survey.removeValue(forKey: "canonical") as? [String: String]
        #expect(canonical == ["url": "http://recover.local/fhir/Questionnaire/checkin", "version": "1"])
        let engine = try object(try CLIProcess.run(["survey", "export", "checkin"]).stdout)
        #expect(NSDictionary(dictionary: survey).isEqual(to: engine))
        // The imported survey is ready for lint and answer.
        let path = try file(imported.stdout, name: "checkin.json")
        #expect(try CLIProcess.run(["survey", "lint", path]).stdout == "ok\n")
        let answers = try file(#"{"checkin.form": {"checkin.form.pain": 3, "checkin.form.sleep": 7}}"#)
        #expect(try CLIProcess.run(["survey", "answer", path, answers]).status == 0)
    }

    @Test func chineseExportCarriesItsLanguage() throws {
        let exported = try CLIProcess.run(["survey", "export-fhir", "checkin", "--language", "zh-Hans"])
        #expect(exported.status == 0)
        let questionnaire = try object(exported.stdout)
        #expect(questionnaire["language"] as? String == "zh-Hans")
        #expect(exported.stdout.contains("每日打卡"))
    }

    @Test func whatCannotBeExpressedOrMappedIsNamedWithExit65() throws {
        let onboarding = try CLIProcess.run(["survey", "export-fhir", "onboarding"])
        #expect(onboarding.status == 65 && onboarding.stdout.isEmpty)
        #expect(
            onboarding.stderr.contains(
                "step 'onboarding.signatureCapture': a consent document step cannot be expressed"))
        let bad = try file(
            #"""
            {"resourceType": "Questionnaire", "id": "bad", "status": "active", "item": [
              {"linkId": "photo", "type": "attachment", "text": "Photo"},
              {"linkId": "when", "type": "string", "text": "When", "enableWhen": [{"question": "nope", "operator": "exists", "answerBoolean": true}]}]}
            """#)
        let result = try CLIProcess.run(["survey", "import-fhir", bad])
        #expect(result.status == 65 && result.stdout.isEmpty)
        #expect(result.stderr.contains("item[0] 'photo': unsupported item type 'attachment'"))
        #expect(result.stderr.contains("item[1] 'when' enableWhen[0]: refers to 'nope'"))
        let notJSON = try CLIProcess.run(["survey", "import-fhir", try file("{")])
        #expect(notJSON.status == 65 && notJSON.stderr.contains("not JSON"))
        let missing = try CLIProcess.run(["survey", "import-fhir", "/nonexistent/q.json"])
        #expect(missing.status == 66)
    }
}
