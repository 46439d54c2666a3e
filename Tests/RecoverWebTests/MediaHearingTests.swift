import Care
import CareSQLite
import Foundation
import Recover
import RecoverData
import Research
import SQLite
import Testing
import Web

@testable import RecoverWeb

@Suite struct MediaHearingTests {
    let page = "/survey/hearingScreening/0"

    /// Joins, onboards, passes the instructions and the noise check.
    func atTones() throws -> StudyClient {
        var client = try StudyClient(mediaFolder: TestVideo.folder())
        try client.join()
        client.completeOnboarding()
        client.get(page)
        client.post(page, form: ["step": RecoverSurveys.HearingScreening.instruction, "action": "next"])
        client.post(
            page,
            form: [
                "step": RecoverSurveys.HearingScreening.noise, "action": "next",
                "noise.readings": "[50,30,31,32,30,29]",
            ])
        return client
    }

    struct Answer: Decodable {
        struct Tone: Decodable {
            let ear: String
            let frequency: Double
            let level: Double
            let gainDBFS: Double
        }
        let tone: Tone?
        let done: Bool
        let next: String?
        let calibrated: Bool
        let remaining: Int
        let total: Int
    }

    func post(_ client: inout StudyClient, _ responses: [[String: Any]], finish: Bool = false) throws -> (
        Response, Answer?
    ) {
        let body = try JSONSerialization.data(withJSONObject: ["responses": responses, "finish": finish])
        let response = client.upload("\(page)/tone", bytes: Array(body), type: "application/json")
        return (response, try? JSONDecoder().decode(Answer.self, from: Data(response.body)))
    }

    @Test func loudSurroundingsDoNotPassTheNoiseCheck() throws {
        var client = try StudyClient(mediaFolder: TestVideo.folder())
        try client.join()
        client.completeOnboarding()
        client.get(page)
        client.post(page, form: ["step": RecoverSurveys.HearingScreening.instruction, "action": "next"])
        let loud = client.post(
            page,
            form: ["step": RecoverSurveys.HearingScreening.noise, "action": "next", "noise.readings": "[50,60,30]"])
        #expect(loud.status == .unprocessableContent)
    }

    @Test func serverDrivesTheStaircaseAndRecordsItsOwnThresholds() throws {
        var client = try atTones()
        var responses: [[String: Any]] = []
        var (response, answer) = try post(&client, responses)
        #expect(response.status == .ok)
        #expect(answer?.calibrated == false)
        #expect(answer?.tone?.ear == "left" && answer?.tone?.frequency == 1000 && answer?.tone?.level == 30)
        #expect(answer?.tone?.gainDBFS == -60)
        #expect(answer?.remaining == 8 && answer?.total == 8, "two ears by four frequencies, none finished")
        var count = 0
        var remaining: [Int] = []
        while let tone = answer?.tone, count < 200 {
            remaining.append(answer?.remaining ?? -1)
            // A listener at 25 dB in every ear and frequency.
            responses.append([
                "ear": tone.ear, "frequency": tone.frequency, "level": tone.level, "heard": tone.level >= 25,
            ])
            (response, answer) = try post(&client, responses)
            count += 1
        }
        #expect(answer?.done == true && answer?.remaining == 0)
        #expect(remaining == remaining.sorted(by: >) && remaining.last == 1, "the tests left only go down")
        (response, answer) = try post(&client, responses, finish: true)
        #expect(response.status == .ok)
        // The thresholds were the last answer: stored before the completion page, which only informs and says
        // the result in words, from the thresholds just recorded (25 dB: typical).
        #expect(answer?.next == "\(page)/done")
        let completion = client.get("\(page)/done").text
        #expect(completion.contains("Your hearing was in the typical range in both ears."))
        #expect(completion.contains("This is a screening, not a diagnosis"))
        #expect(!completion.contains("dB"))
        let outcomes = try client.database.read { db in try SQLiteCareStore.outcomes(OutcomeQuery(), in: db) }
        let hearing = try #require(outcomes.first { $0.taskID.hasSuffix(".hearingScreening") })
        #expect(hearing.values.count == 8)
        #expect(hearing.values.allSatisfy { $0.content == .double(25) && $0.kind?.hasPrefix("hearing.") == true })
    }

    @Test func theResultNamesEachEarByItsHighestThreshold() {
        let categories = MediaWidgets.hearingCategories(
            ["left:500": 10, "left:1000": 25, "right:500": 5, "right:4000": 40], ears: [.left, .right])
        #expect(categories.map { "\($0.0.rawValue):\($0.1)" } == ["left:typical", "right:mild"])
        let reduced = MediaWidgets.hearingCategories(["left:1000": 45, "right:1000": 90], ears: [.left, .right])
        #expect(reduced.map(\.1) == ["reduced", "reduced"])
    }

    @Test func responsesOutOfOrderOrForUnplayedTonesAreRefused() throws {
        var client = try atTones()
        let (wrongLevel, _) = try post(&client, [["ear": "left", "frequency": 1000, "level": 20, "heard": true]])
        #expect(wrongLevel.status == .unprocessableContent)
        let (wrongEar, _) = try post(&client, [["ear": "right", "frequency": 1000, "level": 30, "heard": true]])
        #expect(wrongEar.status == .unprocessableContent)
        #expect(client.lastPage.contains("do not match the tones"))
        let (early, _) = try post(
            &client, [["ear": "left", "frequency": 1000, "level": 30, "heard": true]], finish: true)
        #expect(early.status == .unprocessableContent)
        let drafts = try client.database.read { db in
            try SQLiteCareStore.outcomes(OutcomeQuery(), in: db).filter { $0.taskID.hasSuffix(".hearingScreening") }
        }
        #expect(drafts.isEmpty)
    }
}

@Suite struct MediaCalibrationTests {
    @Test func calibrationFileMakesLevelsDecibelsHearingLevel() throws {
        let folder = TestVideo.folder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"{"headphones": "Test", "zeroHL": {"1000": -100, "4000": -95}}"#.utf8)
            .write(to: folder.appending(path: HearingCalibration.fileName))
        let table = try HearingCalibration.load(dataFolder: folder)
        #expect(table.isCalibrated)
        #expect(table.dBFS(level: 30, frequency: 1000) == -70)
        #expect(table.ceiling(frequencies: [1000, 4000]) == 95)
    }

    @Test func missingFileIsUncalibratedAndAMalformedOneIsAnError() throws {
        let folder = TestVideo.folder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let none = try HearingCalibration.load(dataFolder: folder)
        #expect(!none.isCalibrated)
        #expect(none.dBFS(level: 30, frequency: 1000) == -60)
        try Data(#"{"zeroHL": {"1000": 12}}"#.utf8).write(to: folder.appending(path: HearingCalibration.fileName))
        #expect(throws: CalibrationError.self) { try HearingCalibration.load(dataFolder: folder) }
    }
}
