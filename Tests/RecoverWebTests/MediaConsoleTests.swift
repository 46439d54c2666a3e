import Care
import CareSQLite
import Foundation
import Recover
import RecoverData
import RecoverWeb
import SQLite
import Testing
import Web

@Suite struct MediaConsoleTests {
    @Test func participantPageShowsThatParticipantsVideosToStaff() throws {
        let fixture = try ConsoleFixture()
        try fixture.addStaff("admin@example.com", role: .admin)
        let alice = try fixture.addParticipant("alice@example.com")
        let bob = try fixture.addParticipant("bob@example.com")
        let aliceHash = String(repeating: "a1", count: 32)
        let bobHash = String(repeating: "b2", count: 32)
        for (id, hash) in [(alice, aliceHash), (bob, bobHash)] {
            let task = CareTask(
                id: "\(id).kneeBendVideo", title: "Knee bend video", carePlanID: "plan-\(id)",
                schedule: .dailyAllDay(from: fixture.today.addingDays(-3)), impactsAdherence: false,
                groupIdentifier: StudyTaskID.kneeBendVideo, effectiveDate: fixture.today.addingDays(-3).startOfDay)
            try fixture.database.write { db in
                _ = try SQLiteCareStore.addTask(task, in: db)
                _ = try SQLiteCareStore.addOutcome(
                    Outcome(
                        taskID: task.id, taskVersionID: task.versionID, occurrenceIndex: 1,
                        values: [OutcomeValue(.text(hash), kind: KneeBendVideoOutcomeMapping.kind)],
                        createdDate: fixture.clock.now), in: db)
            }
        }
        var client = fixture.client()
        client.signIn("admin@example.com")
        let html = client.get("/console/participants/\(alice)").text
        #expect(html.contains("<video controls preload=\"metadata\" src=\"/console/videos/\(aliceHash)\""))
        #expect(!html.contains(bobHash))
        #expect(html.contains("Knee bend video"))
    }
}
