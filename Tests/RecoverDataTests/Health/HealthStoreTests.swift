import Foundation
import HealthExportFixture
import HealthImport
import Recover
import RecoverData
import Research
import Testing

/// Storing Apple Health imports, on every backend: totals that do not add up on re-import, only granted types,
/// a revoked type deleted, every change in a verified audit trail.
@Suite struct HealthStoreTests {
    typealias Zip = HealthExportZip
    let energy = HealthType.activeEnergyBurned.rawValue

    /// A participant who joined at ``StudyStores/start`` (UTC) and granted reading `read` in onboarding.
    func participant(granting read: [HealthDataType], in stores: StudyStores) throws -> Account {
        let account = try stores.participant("ada@example.com", zone: "UTC")
        var grants: [String: Bool] = ["health": !read.isEmpty, "health.write.stepCount": false]
        for type in HealthDataType.allCases { grants["health.read.\(type.rawValue)"] = read.contains(type) }
        let ids = RecoverSurveys.Onboarding.self
        let result = SurveyResult(
            surveyID: StudyTaskID.onboarding, runID: "onboarding-run", startDate: StudyStores.start,
            endDate: StudyStores.start, finishReason: .completed,
            stepResults: [
                StepResult(stepID: ids.permissions, endDate: StudyStores.start, activity: .permissions(grants))
            ])
        try stores.seed.addSurveyResult(
            SurveyResultRecord(
                id: "onboarding-run", patientID: account.id,
                taskID: ParticipantPlan.taskID(StudyTaskID.onboarding, patientID: account.id), occurrence: 0,
                surveyID: StudyTaskID.onboarding, completedAt: StudyStores.start,
                json: try SurveyJSON.encode(result)))
        return account
    }

    /// The importer's result of an export of `records`, told that every type was granted (so the store's own
    /// check is what is tested).
    func imported(_ records: String) throws -> HealthImportResult {
        let folder = FileManager.default.temporaryDirectory.appending(path: "health-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appending(path: "export.zip")
        try Zip.write(Zip.document(records), to: url)
        let importer = HealthImporter(
            configuration: HealthImportConfiguration(
                grantedTypes: Set(HealthType.allCases), start: StudyStores.start, timeZoneIdentifier: "UTC"))
        return try importer.importExport(at: url)
    }

    func export(energyOnSecondDay: String = "30") -> String {
        Zip.record(energy, unit: "kcal", start: "2027-01-16 09:00:00 +0000", value: "20")
            + Zip.record(energy, unit: "kcal", start: "2027-01-16 10:00:00 +0000", value: "25")
            + Zip.record(energy, unit: "kcal", start: "2027-01-17 09:00:00 +0000", value: energyOnSecondDay)
            + Zip.record(Zip.heartRate, unit: "count/min", start: "2027-01-16 09:00:00 +0000", value: "60")
            + Zip.record(Zip.heartRate, unit: "count/min", start: "2027-01-16 09:05:00 +0000", value: "80")
            + Zip.record(Zip.steps, start: "2027-01-16 09:00:00 +0000", value: "1200")
    }

    func figure(_ figures: [HealthDailyFigure], _ day: String, _ type: HealthType) -> HealthDailyFigure? {
        figures.first { $0.day.description == day && $0.type == type }
    }

    @Test(arguments: StudyBackend.allCases) func importingTheSameExportTwiceKeepsTheSameTotals(
        backend: StudyBackend
    ) throws {
        let stores = try backend.make()
        let ada = try participant(granting: [.activeEnergyBurned, .heartRate], in: stores)
        let result = try imported(export())
        let first = try stores.participants.importHealth(
            result, for: ada.id, by: "cli:test", at: StudyStores.start, id: "import-1")
        let once = try stores.participants.healthDays(participantID: ada.id, from: nil, through: nil)
        let entries = try stores.seed.audit.count()
        try stores.participants.importHealth(result, for: ada.id, by: "cli:test", at: StudyStores.start, id: "import-2")
        let twice = try stores.participants.healthDays(participantID: ada.id, from: nil, through: nil)

        #expect(once == twice)
        #expect(figure(twice, "2027-01-16", .activeEnergyBurned)?.total == 45)
        #expect(figure(twice, "2027-01-17", .activeEnergyBurned)?.total == 30)
        let heart = figure(twice, "2027-01-16", .heartRate)
        #expect(heart?.minimum == 60 && heart?.mean == 70 && heart?.maximum == 80 && heart?.count == 2)
        #expect(first.daysStored == 2 && first.recordsRead == 6 && first.samplesStored == 5)
        // The second import changed no figure: one audit entry, its own row.
        #expect(try stores.seed.audit.count() == entries + 1)
        #expect(try stores.participants.healthImports(participantID: ada.id).map(\.id) == ["import-1", "import-2"])

        // A newer export with a different figure for a day replaces it; nothing adds up.
        let newer = try imported(export(energyOnSecondDay: "35"))
        try stores.participants.importHealth(newer, for: ada.id, by: "cli:test", at: StudyStores.start, id: "import-3")
        let thrice = try stores.participants.healthDays(
            participantID: ada.id, from: HealthDay(year: 2027, month: 1, day: 17), through: nil)
        #expect(thrice.map(\.type) == [.activeEnergyBurned])
        #expect(thrice.first?.total == 35)
        #expect(try stores.seed.audit.verify() == .ok(count: try stores.seed.audit.count()))
    }

    @Test(arguments: StudyBackend.allCases) func aTypeNotGrantedIsNotStored(backend: StudyBackend) throws {
        let stores = try backend.make()
        let ada = try participant(granting: [.activeEnergyBurned], in: stores)
        #expect(try stores.participants.grantedHealthTypes(participantID: ada.id) == [.activeEnergyBurned])
        let record = try stores.participants.importHealth(
            try imported(export()), for: ada.id, by: "cli:test", at: StudyStores.start, id: "import-1")
        let figures = try stores.participants.healthDays(participantID: ada.id, from: nil, through: nil)
        #expect(Set(figures.map(\.type)) == [.activeEnergyBurned])
        #expect(record.samplesStored == 3)

        let bob = try stores.participant("bob@example.com", zone: "UTC")
        #expect(try stores.participants.grantedHealthTypes(participantID: bob.id).isEmpty)
        try stores.participants.importHealth(
            try imported(export()), for: bob.id, by: "cli:test", at: StudyStores.start, id: "import-2")
        #expect(try stores.participants.healthDays(participantID: bob.id, from: nil, through: nil).isEmpty)
    }

    @Test(arguments: StudyBackend.allCases) func deletingARevokedTypeRemovesItsFiguresAndSamples(
        backend: StudyBackend
    ) throws {
        let stores = try backend.make()
        let ada = try participant(granting: [.activeEnergyBurned, .heartRate], in: stores)
        try stores.participants.importHealth(
            try imported(export()), for: ada.id, by: "cli:test", at: StudyStores.start, id: "import-1")
        let deleted = try stores.participants.deleteHealthData(.heartRate, participantID: ada.id, by: "cli:test")

        #expect(deleted == 1)
        let figures = try stores.participants.healthDays(participantID: ada.id, from: nil, through: nil)
        #expect(Set(figures.map(\.type)) == [.activeEnergyBurned])
        let deletions = try stores.seed.audit.entries(forParticipant: ada.id, actions: [.delete])
        #expect(deletions.map(\.entityType) == ["health_daily"])
        #expect(try stores.seed.audit.verify() == .ok(count: try stores.seed.audit.count()))
        #expect(try stores.participants.deleteHealthData(.heartRate, participantID: ada.id, by: "cli:test") == 0)
    }

    @Test(arguments: StudyBackend.allCases) func recentSamplesAreReplacedNotAddedAndGoWithTheirType(
        backend: StudyBackend
    ) throws {
        let stores = try backend.make()
        let ada = try participant(granting: [.heartRate], in: stores)
        // 1,201 readings a minute apart: more than one insert statement's batch.
        let readings = (0...1200).map { minute in
            let (hour, minuteOfHour) = (minute / 60, minute % 60)
            let time = "\(hour < 10 ? "0" : "")\(hour):\(minuteOfHour < 10 ? "0" : "")\(minuteOfHour):00"
            return Zip.record(Zip.heartRate, unit: "count/min", start: "2027-01-16 \(time) +0000", value: "70")
        }
        let result = try imported(readings.joined())
        for id in ["import-1", "import-2"] {
            let record = try stores.participants.importHealth(
                result, for: ada.id, by: "cli:test", at: StudyStores.start, id: id)
            #expect(record.samplesStored == 1201)
            #expect(try stores.seed.rows("health_sample") == 1201)
        }
        #expect(try stores.participants.healthDays(participantID: ada.id, from: nil, through: nil).first?.count == 1201)
        try stores.participants.deleteHealthData(.heartRate, participantID: ada.id, by: "cli:test")
        #expect(try stores.seed.rows("health_sample") == 0)
        #expect(try stores.seed.rows("health_daily") == 0)
    }

    @Test(arguments: StudyBackend.allCases) func anUnknownOrWithdrawnParticipantStoresNothing(backend: StudyBackend)
        throws
    {
        let stores = try backend.make()
        let error = #expect(throws: HealthStoreError.self) {
            try stores.participants.importHealth(
                try imported(export()), for: "nobody", by: "cli:test", at: StudyStores.start, id: "import-1")
        }
        #expect(error?.code == .unknownParticipant)
        #expect(try stores.participants.healthImports(participantID: "nobody").isEmpty)

        let ada = try participant(granting: [.activeEnergyBurned], in: stores)
        let today = try stores.participants.participant(ada, now: StudyStores.start).today
        try stores.participants.withdraw(patientID: ada.id, on: today, at: StudyStores.start)
        let withdrawn = #expect(throws: HealthStoreError.self) {
            try stores.participants.importHealth(
                try imported(export()), for: ada.id, by: "cli:test", at: StudyStores.start, id: "import-2")
        }
        #expect(withdrawn?.code == .withdrawn)
        #expect(try stores.participants.healthDays(participantID: ada.id, from: nil, through: nil).isEmpty)
    }
}
