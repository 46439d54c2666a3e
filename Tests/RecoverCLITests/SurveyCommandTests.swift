import Foundation
import Testing

/// `recover survey ...` run as a process: output and exit code.
@Suite struct SurveyCommandTests {
    /// Writes `text` to a fresh temporary file and returns its path.
    private func file(_ text: String, name: String = "input.json") throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("survey-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func listPrintsTheShippedStudysSurveys() throws {
        let result = try CLIProcess.run(["survey", "list"])
        #expect(result.status == 0)
        #expect(
            result.stdout
                == "onboarding\ncheckin\nrangeOfMotionCheck\nweeklyDiary\nkneeBendVideo\nhearingScreening\nkoos\n")
    }

    @Test func everySurveyCommandHasHelp() throws {
        for command in [
            ["survey"], ["survey", "list"], ["survey", "export"], ["survey", "lint"], ["survey", "answer"],
        ] {
            let result = try CLIProcess.run(command + ["--help"])
            #expect(result.status == 0)
            #expect(result.stdout.contains("USAGE: recover \(command.joined(separator: " "))"))
        }
    }

    @Test func exportShowsTheCheckinScales() throws {
        let result = try CLIProcess.run(["survey", "export", "checkin"])
        #expect(result.status == 0)
        let json = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["format"] as? String == "recover.survey")
        let steps = try #require(json["steps"] as? [[String: Any]])
        #expect(steps.first?["id"] as? String == "checkin.form")
        let items = try #require(steps.first?["items"] as? [[String: Any]])
        let formats = items.compactMap { $0["answerFormat"] as? [String: Any] }
        #expect(formats.map { $0["type"] as? String } == ["scale", "scale"])
        #expect(formats.map { $0["minimum"] as? Int } == [1, 0])
        #expect(formats.map { $0["maximum"] as? Int } == [10, 12])
        #expect(items.allSatisfy { $0["isOptional"] as? Bool == false })
    }

    @Test func exportInChineseAndUnknownIdentifiers() throws {
        let chinese = try CLIProcess.run(["survey", "export", "onboarding", "--language", "zh-Hans"])
        #expect(chinese.status == 0 && chinese.stdout.contains("欢迎参与 Recover 研究"))
        let unknown = try CLIProcess.run(["survey", "export", "nope"])
        #expect(unknown.status == 64 && unknown.stderr.contains("no built-in survey 'nope'"))
    }

    @Test func lintAcceptsAnExportedSurvey() throws {
        for id in ["onboarding", "checkin", "rangeOfMotionCheck"] {
            let exported = try CLIProcess.run(["survey", "export", id])
            let result = try CLIProcess.run(["survey", "lint", try file(exported.stdout)])
            #expect(result.status == 0 && result.stdout == "ok\n")
        }
    }

    private let header = #""format": "recover.survey", "version": 1, "id": "s""#

    @Test func lintRejectsAFourteenStepScale() throws {
        let survey = #"""
            {\#(header), "steps": [{"id": "f", "type": "form", "items": [
              {"id": "pain", "text": "Pain", "answerFormat": {"type": "scale", "minimum": 0, "maximum": 14}}]}]}
            """#
        let result = try CLIProcess.run(["survey", "lint", try file(survey)])
        #expect(result.status == 65)
        #expect(result.stdout == "step 'f', item 'pain': scale has 14 steps; it must have 1 to 13\n")
    }

    @Test func lintRejectsDuplicateStepsAndAPatternWithoutMessageOnePerLine() throws {
        let survey = #"""
            {\#(header), "steps": [
              {"id": "a", "type": "completion"},
              {"id": "a", "type": "question", "item": {"id": "zip", "text": "Zip", "answerFormat": {"type": "text", "pattern": "[0-9]{5}"}}}]}
            """#
        let result = try CLIProcess.run(["survey", "lint", try file(survey)])
        #expect(result.status == 65)
        #expect(
            result.stdout
                == "step 'a': duplicate step identifier\nstep 'a', item 'zip': text validation pattern has no invalid message\n"
        )
    }

    @Test func lintRejectsARangeOfMotionStepForBothLimbs() throws {
        let survey =
            #"{\#(header), "steps": [{"id": "knee", "type": "rangeOfMotion", "joint": "knee", "limb": "both"}]}"#
        let result = try CLIProcess.run(["survey", "lint", try file(survey)])
        #expect(result.status == 65)
        #expect(result.stdout.contains("step 'knee': limb 'both' is not one of: left, right"))
    }

    @Test func lintReportsMalformedJSONAndUnknownTypesWithoutCrashing() throws {
        let broken = try CLIProcess.run(["survey", "lint", try file("{\"format\": ")])
        #expect(broken.status == 65 && broken.stdout == "malformed JSON\n")
        let unknown = try CLIProcess.run([
            "survey", "lint", try file(#"{\#(header), "steps": [{"id": "x", "type": "teleport"}]}"#),
        ])
        #expect(unknown.status == 65 && unknown.stdout.contains("unknown step type 'teleport'"))
        let missing = try CLIProcess.run(["survey", "lint", "/nonexistent/survey.json"])
        #expect(missing.status == 66)
        let usage = try CLIProcess.run(["survey", "lint"])
        #expect(usage.status == 64)
    }

    @Test func answeringCheckinWithPainElevenNamesTheItem() throws {
        let answers = try file(#"{"checkin.form": {"checkin.form.pain": 11, "checkin.form.sleep": 7}}"#)
        let result = try CLIProcess.run(["survey", "answer", "checkin", answers])
        #expect(result.status == 65)
        #expect(result.stderr.contains("checkin.form.pain"))
        #expect(result.stdout.isEmpty)
    }

    @Test func answeringCheckinPrintsTheCompletedResultAndOutcomes() throws {
        let answers = try file(#"{"checkin.form": {"checkin.form.pain": 3, "checkin.form.sleep": 7}}"#)
        let result = try CLIProcess.run(
            ["survey", "answer", "checkin", answers, "--run-id", "run-1", "--date", "2026-05-04T08:30:00+02:00"]
        )
        #expect(result.status == 0)
        let json = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["format"] as? String == "recover.result")
        #expect(json["finishReason"] as? String == "completed")
        #expect(json["runID"] as? String == "run-1")
        #expect(json["endDate"] as? String == "2026-05-04T06:30:00.000+00:00")
        let outcomes = try #require(json["outcomeValues"] as? [[String: Any]])
        #expect(outcomes.map { $0["kind"] as? String } == ["checkin.form.pain", "checkin.form.sleep"])
        #expect(outcomes.map { $0["value"] as? Int } == [3, 7])
    }

    @Test func answeringRangeOfMotionWithEulerSamplesGivesTheRange() throws {
        let betas = Array(stride(from: 30.0, through: 105, by: 5)) + Array(stride(from: 100.0, through: 40, by: -5))
        let samples = betas.map { "[0, \($0), 0]" }.joined(separator: ", ")
        let answers = try file(#"{"knee.range.of.motion": {"euler": [\#(samples)], "orientation": "portrait"}}"#)
        let result = try CLIProcess.run(["survey", "answer", "rangeOfMotionCheck", answers])
        #expect(result.status == 0)
        let json = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let outcome = try #require((json["outcomeValues"] as? [[String: Any]])?.first)
        #expect(outcome["kind"] as? String == "range")
        #expect(abs((outcome["value"] as? Double ?? 0) - 75) < 0.01)
    }

    @Test func answeringASurveyFileAndBadAnswersFiles() throws {
        let exported = try CLIProcess.run(["survey", "export", "checkin"])
        let surveyPath = try file(exported.stdout, name: "checkin.json")
        let good = try file(#"{"checkin.form": {"checkin.form.pain": 1, "checkin.form.sleep": 0}}"#)
        #expect(try CLIProcess.run(["survey", "answer", surveyPath, good]).status == 0)
        let wrongType = try file(#"{"checkin.form": {"checkin.form.pain": "lots", "checkin.form.sleep": [1, 2]}}"#)
        let typed = try CLIProcess.run(["survey", "answer", "checkin", wrongType])
        #expect(typed.status == 65)
        #expect(typed.stderr.contains("checkin.form.pain") && typed.stderr.contains("checkin.form.sleep"))
        let malformed = try CLIProcess.run(["survey", "answer", "checkin", try file("[1, 2")])
        #expect(malformed.status == 65 && malformed.stdout.isEmpty)
        let unknownStep = try CLIProcess.run(["survey", "answer", "checkin", try file(#"{"nope": {}}"#)])
        #expect(unknownStep.status == 65 && unknownStep.stderr.contains("nope: no such step"))
        let missing = try CLIProcess.run(["survey", "answer", "checkin", try file("{}")])
        #expect(missing.status == 65 && missing.stderr.contains("an answer is required"))
    }
}
