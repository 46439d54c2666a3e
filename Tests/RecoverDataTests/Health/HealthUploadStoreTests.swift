import Foundation
import HealthImport
import RecoverData
import Research
import Testing

/// Uploaded exports waiting for the background importer, and the participant's later answers for which types
/// the study may read, on every backend.
@Suite struct HealthUploadStoreTests {
    let health = HealthStoreTests()

    @Test(arguments: StudyBackend.allCases) func anUploadGoesFromQueuedToDoneAndIsClaimedOnce(backend: StudyBackend)
        throws
    {
        let stores = try backend.make()
        let records = stores.participants
        let ada = try health.participant(granting: [.activeEnergyBurned], in: stores)
        let start = StudyStores.start
        try records.queueHealthUpload(id: "up-1", participantID: ada.id, byteCount: 1234, at: start)
        try records.queueHealthUpload(id: "up-2", participantID: ada.id, byteCount: 99, at: start.addingTimeInterval(1))

        let first = try #require(try records.claimHealthUpload(at: start.addingTimeInterval(2)))
        #expect(first.id == "up-1")
        #expect(first.state == .importing)
        try records.recordHealthUploadProgress(400, of: "up-1", at: start.addingTimeInterval(3))
        try records.recordHealthUploadProgress(5000, of: "up-1", at: start.addingTimeInterval(4))
        #expect(try records.healthUploads(participantID: ada.id).first?.progress == 1000, "bounded to 1000")
        try records.finishHealthUpload("up-1", importID: "import-1", errorCode: nil, at: start.addingTimeInterval(5))

        let second = try #require(try records.claimHealthUpload(at: start.addingTimeInterval(6)))
        #expect(second.id == "up-2")
        #expect(try records.claimHealthUpload(at: start.addingTimeInterval(7)) == nil, "each upload is claimed once")
        try records.finishHealthUpload("up-2", importID: nil, errorCode: "not-a-zip", at: start.addingTimeInterval(8))

        let uploads = try records.healthUploads(participantID: ada.id)
        #expect(uploads.map(\.state) == [.done, .failed])
        #expect(uploads.map(\.importID) == ["import-1", nil])
        #expect(uploads.map(\.errorCode) == [nil, "not-a-zip"])
        #expect(uploads.map(\.byteCount) == [1234, 99])
        #expect(uploads.allSatisfy { !$0.isPending })
    }

    @Test(arguments: StudyBackend.allCases) func anInterruptedImportWaitsAgain(backend: StudyBackend) throws {
        let stores = try backend.make()
        let records = stores.participants
        let ada = try health.participant(granting: [.activeEnergyBurned], in: stores)
        try records.queueHealthUpload(id: "up-1", participantID: ada.id, byteCount: 10, at: StudyStores.start)
        _ = try records.claimHealthUpload(at: StudyStores.start)
        try records.recordHealthUploadProgress(300, of: "up-1", at: StudyStores.start)

        #expect(try records.requeueInterruptedHealthUploads(at: StudyStores.start) == 1)
        let upload = try #require(try records.healthUploads(participantID: ada.id).first)
        #expect(upload.state == .queued)
        #expect(upload.progress == 0)
        #expect(try records.claimHealthUpload(at: StudyStores.start)?.id == "up-1")
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

        // Every change of the grant is in the participant's trail, attributed to them, and the chain verifies.
        let grantEntries = try stores.seed.audit.entries(forParticipant: ada.id).filter {
            $0.entityType == "health_grant"
        }
        #expect(grantEntries.count == 2)
        #expect(grantEntries.allSatisfy { $0.actor == "account:ada" })
        #expect(try stores.seed.audit.verify() == .ok(count: try stores.seed.audit.count()))
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
