import Foundation
import HealthImport
import RecoverData
import Research
import Testing

/// Uploaded exports waiting for the background importer, and the participant's later answers for which types
/// the study may read, on every backend.
@Suite struct HealthUploadStoreTests {
    let health = HealthStoreTests()

    /// A fresh study on `backend` with one participant who granted active energy.
    func participantWithEnergy(on backend: StudyBackend) throws -> (StudyStores, Account) {
        let stores = try backend.make()
        return (stores, try health.participant(granting: [.activeEnergyBurned], in: stores))
    }

    @Test(arguments: StudyBackend.allCases) func anUploadGoesFromQueuedToDoneWithItsImportInOneStep(
        backend: StudyBackend
    ) throws {
        let (stores, ada) = try participantWithEnergy(on: backend)
        let records = stores.participants
        let start = StudyStores.start
        try records.queueHealthUpload(id: "up-1", participantID: ada.id, byteCount: 1234, at: start)
        try records.queueHealthUpload(id: "up-2", participantID: ada.id, byteCount: 99, at: start.addingTimeInterval(1))

        let first = try #require(try records.claimHealthUpload(at: start.addingTimeInterval(2)))
        #expect(first.id == "up-1")
        #expect(first.state == .importing)
        #expect(first.attempts == 1)
        try records.recordHealthUploadProgress(400, of: first, at: start.addingTimeInterval(3))
        try records.recordHealthUploadProgress(5000, of: first, at: start.addingTimeInterval(4))
        #expect(try records.healthUpload(id: "up-1")?.progress == 1000, "bounded to 1000")
        let record = try records.storeHealthUpload(
            try health.imported(health.export()), of: first, at: start.addingTimeInterval(5), importID: "import-1")
        #expect(record.id == "import-1")

        let second = try #require(try records.claimHealthUpload(at: start.addingTimeInterval(6)))
        #expect(second.id == "up-2")
        #expect(try records.claimHealthUpload(at: start.addingTimeInterval(7)) == nil, "each upload is claimed once")
        try records.failHealthUpload(second, errorCode: "not-a-zip", at: start.addingTimeInterval(8))

        let uploads = try records.healthUploads(participantID: ada.id)
        #expect(uploads.map(\.state) == [.done, .failed])
        #expect(uploads.map(\.importID) == ["import-1", nil])
        #expect(uploads.map(\.errorCode) == [nil, "not-a-zip"])
        #expect(uploads.map(\.byteCount) == [1234, 99])
        #expect(uploads.allSatisfy { !$0.isPending })
        #expect(try records.healthImports(participantID: ada.id).map(\.id) == ["import-1"])
    }

    @Test(arguments: StudyBackend.allCases) func anAbandonedImportWaitsAgainAndItsOldImporterChangesNothing(
        backend: StudyBackend
    ) throws {
        let (stores, ada) = try participantWithEnergy(on: backend)
        let records = stores.participants
        let start = StudyStores.start
        try records.queueHealthUpload(id: "up-1", participantID: ada.id, byteCount: 10, at: start)
        let stalled = try #require(try records.claimHealthUpload(at: start))
        try records.recordHealthUploadProgress(300, of: stalled, at: start.addingTimeInterval(60))

        // Progress a minute ago: still alive under a 10-minute lease.
        #expect(try records.requeueStaleHealthUploads(before: start, at: start.addingTimeInterval(120)) == 0)
        // No progress since: it waits again, and another importer takes it.
        #expect(
            try records.requeueStaleHealthUploads(
                before: start.addingTimeInterval(61), at: start.addingTimeInterval(700)) == 1)
        #expect(try records.healthUpload(id: "up-1")?.state == .queued)
        let taken = try #require(try records.claimHealthUpload(at: start.addingTimeInterval(701)))
        #expect(taken.attempts == 2)

        // The stalled importer wakes up: its progress, its import and its failure are refused, nothing stored.
        try records.recordHealthUploadProgress(900, of: stalled, at: start.addingTimeInterval(702))
        #expect(try records.healthUpload(id: "up-1")?.progress == 0)
        let lost = #expect(throws: HealthStoreError.self) {
            try records.storeHealthUpload(
                try health.imported(health.export()), of: stalled, at: start.addingTimeInterval(703),
                importID: "import-stalled")
        }
        #expect(lost?.code == .claimLost)
        try records.failHealthUpload(stalled, errorCode: "not-a-zip", at: start.addingTimeInterval(704))
        #expect(try records.healthUpload(id: "up-1")?.state == .importing)
        #expect(try records.healthImports(participantID: ada.id).isEmpty)

        try records.storeHealthUpload(
            try health.imported(health.export()), of: taken, at: start.addingTimeInterval(705), importID: "import-1")
        #expect(try records.healthUpload(id: "up-1")?.state == .done)
    }

    @Test(arguments: StudyBackend.allCases) func aReleasedUploadWaitsAgainUntilItsLastAttempt(backend: StudyBackend)
        throws
    {
        let (stores, ada) = try participantWithEnergy(on: backend)
        let records = stores.participants
        try records.queueHealthUpload(id: "up-1", participantID: ada.id, byteCount: 10, at: StudyStores.start)
        for attempt in 1...5 {
            let upload = try #require(try records.claimHealthUpload(at: StudyStores.start))
            #expect(upload.attempts == attempt)
            #expect(try records.releaseHealthUpload(upload, at: StudyStores.start) == (attempt < 5))
        }
        let ended = try #require(try records.healthUpload(id: "up-1"))
        #expect(ended.state == .failed)
        #expect(ended.errorCode == "internal")
        #expect(try records.claimHealthUpload(at: StudyStores.start) == nil)
    }

    @Test(arguments: StudyBackend.allCases) func uploadsOfAWithdrawnOrUnknownParticipantAreRefused(
        backend: StudyBackend
    ) throws {
        let stores = try backend.make()
        let records = stores.participants
        let unknown = #expect(throws: HealthStoreError.self) {
            try records.queueHealthUpload(id: "up-1", participantID: "nobody", byteCount: 1, at: StudyStores.start)
        }
        #expect(unknown?.code == .unknownParticipant)
        let ada = try health.participant(granting: [.activeEnergyBurned], in: stores)
        let today = try records.participant(ada, now: StudyStores.start).today
        try records.withdraw(patientID: ada.id, on: today, at: StudyStores.start)
        let withdrawn = #expect(throws: HealthStoreError.self) {
            try records.queueHealthUpload(id: "up-2", participantID: ada.id, byteCount: 1, at: StudyStores.start)
        }
        #expect(withdrawn?.code == .withdrawn)
        #expect(try records.healthUploads(participantID: ada.id).isEmpty)
    }

    @Test(arguments: StudyBackend.allCases) func aRevokedTypeIsNotImportedAndItsDataCanBeDeleted(
        backend: StudyBackend
    ) throws {
        let stores = try backend.make()
        let records = stores.participants
        let ada = try health.participant(granting: [.activeEnergyBurned, .heartRate], in: stores)
        try records.importHealth(
            try health.imported(health.export()), for: ada.id, by: "cli:test", at: StudyStores.start, id: "import-1")
        #expect(
            try records.healthGrants(participantID: ada.id).filter(\.granted).map(\.type) == [
                .activeEnergyBurned, .heartRate,
            ])

        // Revoked without deleting: kept data stays, the next import leaves the type out.
        #expect(
            try records.changeHealthGrant(
                .heartRate, granted: false, deletingData: false, participantID: ada.id, by: "account:ada",
                at: StudyStores.start) == 0)
        #expect(try records.grantedHealthTypes(participantID: ada.id) == [.activeEnergyBurned])
        #expect(try records.healthImporter(participantID: ada.id).configuration.grantedTypes == [.activeEnergyBurned])
        let heartDays = {
            try records.healthDays(participantID: ada.id, from: nil, through: nil).filter { $0.type == .heartRate }
        }
        #expect(try heartDays().count == 1)
        try records.importHealth(
            try health.imported(health.export()), for: ada.id, by: "cli:test", at: StudyStores.start, id: "import-2")
        #expect(try heartDays().count == 1, "the figure already shared is kept until the participant deletes it")

        // Revoked with its data deleted; then allowed again.
        #expect(
            try records.changeHealthGrant(
                .heartRate, granted: false, deletingData: true, participantID: ada.id, by: "account:ada",
                at: StudyStores.start) == 1)
        #expect(try heartDays().isEmpty)
        try records.changeHealthGrant(
            .heartRate, granted: true, deletingData: true, participantID: ada.id, by: "account:ada",
            at: StudyStores.start)
        #expect(try records.grantedHealthTypes(participantID: ada.id) == [.activeEnergyBurned, .heartRate])
        try records.changeHealthGrant(
            .heartRate, granted: false, deletingData: false, participantID: ada.id, by: "account:ada",
            at: StudyStores.start)

        // Every change of the grant is in the participant's trail, attributed to them, and the chain verifies.
        let grantEntries = try stores.seed.audit.entries(forParticipant: ada.id).filter {
            $0.entityType == "health_grant"
        }
        #expect(grantEntries.count == 3)
        #expect(grantEntries.allSatisfy { $0.actor == "account:ada" })
        #expect(try stores.seed.audit.verify() == .ok(count: try stores.seed.audit.count()))
    }

    @Test(arguments: StudyBackend.allCases) func aNewerOnboardingsAnswerWinsOverAnOlderChange(backend: StudyBackend)
        throws
    {
        let stores = try backend.make()
        let ada = try health.participant(granting: [.heartRate], in: stores)
        // Stopped before the fixture's onboarding was completed: the onboarding's answer is the latest.
        try stores.participants.changeHealthGrant(
            .heartRate, granted: false, deletingData: false, participantID: ada.id, by: "account:ada",
            at: StudyStores.start.addingTimeInterval(-60))
        #expect(try stores.participants.grantedHealthTypes(participantID: ada.id) == [.heartRate])
        try stores.participants.changeHealthGrant(
            .heartRate, granted: false, deletingData: false, participantID: ada.id, by: "account:ada",
            at: StudyStores.start.addingTimeInterval(60))
        #expect(try stores.participants.grantedHealthTypes(participantID: ada.id).isEmpty)
    }

    @Test(arguments: StudyBackend.allCases) func aTypeTheOnboardingDidNotAskAboutCannotBeChanged(
        backend: StudyBackend
    ) throws {
        let stores = try backend.make()
        let ada = try health.participant(granting: [.activeEnergyBurned], in: stores)
        // The fixture's onboarding answers every type; a participant without an onboarding was asked nothing.
        let bob = try stores.participant("bob@example.com", zone: "UTC")
        let error = #expect(throws: HealthStoreError.self) {
            try stores.participants.changeHealthGrant(
                .stepCount, granted: true, deletingData: false, participantID: bob.id, by: "account:bob",
                at: StudyStores.start)
        }
        #expect(error?.code == .notAsked)
        #expect(try stores.participants.healthGrants(participantID: bob.id).isEmpty)
        #expect(try stores.participants.healthGrants(participantID: ada.id).count == HealthDataType.allCases.count)
    }
}
