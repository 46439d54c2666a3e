import Care
import CareSQLite
import Exports
import Foundation
import Recover
import RecoverData
import SQLite
import Testing

@Suite struct DemoDataTests {
    private func values(_ fixture: ExportFixture, kind: String) throws -> [(String, Double)] {
        var values: [(String, Double)] = []
        try StudyStorage(fixture.database).read { db in
            try OutcomeValueRow.forEach(try ExportFilter(), in: db) { row in
                if row.kind == kind, let number = Double(row.value) { values.append((row.eventDate, number)) }
            }
        }
        return values.sorted { $0.0 < $1.0 }
    }

    private func mean(_ values: [(String, Double)], firstThird: Bool) -> Double {
        let third = max(1, values.count / 3)
        let part = firstThird ? values.prefix(third) : values.suffix(third)
        return part.map(\.1).reduce(0, +) / Double(part.count)
    }

    @Test func participantsRecoverWithMissedDaysAndRecordsThatVerify() throws {
        let fixture = try ExportFixture(participants: 12, days: 30)
        let pain = try values(fixture, kind: "checkin.form.pain")
        let sleep = try values(fixture, kind: "checkin.form.sleep")
        let range = try values(fixture, kind: "range")
        #expect(mean(pain, firstThird: true) > mean(pain, firstThird: false) + 1)
        #expect(mean(sleep, firstThird: true) < mean(sleep, firstThird: false))
        #expect(mean(range, firstThird: true) < mean(range, firstThird: false) + 0)
        #expect(pain.count < 12 * 30 && pain.count > 12 * 30 / 2, "some days are missed")
        #expect(pain.allSatisfy { (1...10).contains($0.1) } && sleep.allSatisfy { (0...12).contains($0.1) })
        #expect(try AuditTrail(database: fixture.database).verify().isOK)
        let publicKey = fixture.key.publicKey
        let altered = try StudyStorage(fixture.database).read { db in
            try ConsentSigning.verify(publicKey: publicKey, in: db) { _ in }
        }
        #expect(altered == 0)
        let accounts = try AccountStore(database: fixture.database).accounts(role: .participant)
        #expect(accounts.count == 12 && accounts.allSatisfy { DemoData.isSynthetic(email: $0.email) })
        #expect(accounts.contains { $0.email == "synthetic-0001@example.invalid" })
        let consents = try ConsentStore(database: fixture.database).records(patientID: accounts[0].id)
        #expect(consents.count == 1 && consents[0].signaturePNG.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func theSameSeedGivesTheSameValues() throws {
        let first = try values(try ExportFixture(participants: 3, days: 8, seed: 42), kind: "checkin.form.pain")
        let second = try values(try ExportFixture(participants: 3, days: 8, seed: 42), kind: "checkin.form.pain")
        let other = try values(try ExportFixture(participants: 3, days: 8, seed: 43), kind: "checkin.form.pain")
        #expect(first.map(\.1) == second.map(\.1))
        #expect(first.map(\.1) != other.map(\.1))
    }

    /// Every outcome belongs to a task whose survey produced it: range-of-motion values only on the
    /// range-of-motion task, pain and sleep only on the check-in (never on the diary, video or hearing tasks),
    /// and every outcome has its survey result, written by the same use case as a participant's.
    @Test func eachTaskGetsOnlyAnswersToItsOwnSurvey() throws {
        let fixture = try ExportFixture(participants: 4, days: 21)
        let participants = try AccountStore(database: fixture.database).accounts(role: .participant)
        let records = fixture.records
        var kindsByTask: [String: Set<String>] = [:]
        for account in participants {
            let tasks = try records.taskHistory(patientID: account.id)
            #expect(
                Set(tasks.compactMap { ParticipantPlan.studyTaskID(of: $0) }).isSuperset(of: [
                    StudyTaskID.weeklyDiary, StudyTaskID.checkin, StudyTaskID.rangeOfMotionCheck,
                ]))
            let studyTask = Dictionary(tasks.map { ($0.id, ParticipantPlan.studyTaskID(of: $0) ?? "?") }) { a, _ in a }
            let outcomes = try records.outcomes(patientID: account.id)
            for outcome in outcomes {
                kindsByTask[studyTask[outcome.taskID] ?? "?", default: []].formUnion(outcome.values.compactMap(\.kind))
            }
            let results = Set(try records.surveyResults(patientID: account.id).map(\.id))
            #expect(outcomes.allSatisfy { results.contains($0.id) })
        }
        #expect(Set(kindsByTask.keys) == [StudyTaskID.onboarding, StudyTaskID.checkin, StudyTaskID.rangeOfMotionCheck])
        #expect(kindsByTask[StudyTaskID.checkin] == [RecoverSurveys.Checkin.pain, RecoverSurveys.Checkin.sleep])
        #expect(kindsByTask[StudyTaskID.rangeOfMotionCheck]?.contains("range") == true)
        #expect(kindsByTask[StudyTaskID.checkin]?.contains("range") == false)
        let actors = try AuditTrail(database: fixture.database).entries(afterSequence: 0, limit: 100_000).map(\.actor)
        #expect(Set(actors) == ["cli:demo-data"])
    }

    @Test func runningTwiceOnOneFolderIsRefused() throws {
        let fixture = try ExportFixture(participants: 1, days: 2)
        #expect(throws: DemoDataError.alreadyPresent) {
            try DemoData(participants: 1, days: 2, today: ExportFixture.today).generate(into: fixture.records)
        }
    }

    @Test func pngChunksCarryTheirKnownChecksums() {
        var image = PNGImage(width: 3, height: 2)
        image.dot(x: 1, y: 1, radius: 0.5)
        let png = image.data
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        // The IEND chunk of every PNG: empty, CRC-32 0xAE426082.
        #expect(Array(png.suffix(12)) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
        // IHDR: width 3, height 2, 1-bit grayscale.
        #expect(Array(png[16..<26]) == [0, 0, 0, 3, 0, 0, 0, 2, 1, 0])
    }
}
