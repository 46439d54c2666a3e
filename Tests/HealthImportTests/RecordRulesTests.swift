import Foundation
import Testing

@testable import HealthImport

@Suite struct RecordRulesTests {
    typealias F = ExportFixture

    @Test func typesNotGrantedAreCountedAndDropped() throws {
        let body = [
            F.record(F.steps, start: "2025-06-01 08:00:00 +0200", value: "10"),
            F.record(HealthType.heartRate.rawValue, unit: "count/min", start: "2025-06-01 08:00:00 +0200", value: "70"),
        ].joined()
        let result = try F.importing(F.document(body), granted: [.stepCount])
        #expect(result.summary.skipped == [.notGranted: 1])
        #expect(F.day("2025-06-01", in: result)?.heartRate == nil)
        #expect(result.recentSamples.map(\.type) == [.stepCount])
    }

    @Test func unknownTypesAreCountedByReason() throws {
        let body = F.record("HKQuantityTypeIdentifierFlightsClimbed", start: "2025-06-01 08:00:00 +0200", value: "3")
        let result = try F.importing(F.document(body))
        #expect(result.summary.skipped == [.unknownType: 1])
        #expect(result.days.isEmpty)
    }

    @Test func aDateWithoutAnOffsetIsSkipped() throws {
        let body = [
            F.record(F.steps, start: "2025-06-01 08:00:00", value: "10"),
            F.record(F.steps, start: "2025-02-30 08:00:00 +0200", value: "10"),
            F.record(F.steps, start: "2025-06-01 08:00:00 +0200", value: "5"),
        ].joined()
        let result = try F.importing(F.document(body))
        #expect(result.summary.skipped == [.dateWithoutOffset: 1, .invalidDate: 1])
        #expect(F.day("2025-06-01", in: result)?.steps == 5)
    }

    @Test func valuesThatAreNotFiniteNumbersAreSkipped() throws {
        let body = ["abc", "nan", "inf", "1e999", "0x10", "", "12", "-5", "3e4"].map {
            F.record(F.steps, start: "2025-06-01 08:00:00 +0200", value: $0)
        }.joined()
        let result = try F.importing(F.document(body))
        #expect(result.summary.skipped == [.valueNotNumber: 6, .valueOutOfRange: 1])
        #expect(F.day("2025-06-01", in: result)?.steps == 30_012)
        #expect(result.summary.recordsRead == result.summary.recordsKept + result.summary.skipped.values.reduce(0, +))
    }

    @Test func recordsBeforeTheEnrolmentAreSkipped() throws {
        let body = [
            F.record(F.steps, start: "2025-05-31 23:59:59 +0000", value: "10"),
            F.record(F.steps, start: "2025-06-01 00:00:00 +0000", value: "5"),
        ].joined()
        let result = try F.importing(F.document(body), start: "2025-06-01 00:00:00 +0000")
        #expect(result.summary.skipped == [.beforeStart: 1])
        #expect(result.summary.recordsKept == 1)
    }

    @Test func unknownUnitsIntervalsAndMissingAttributesAreSkipped() throws {
        let body = [
            F.record(
                HealthType.distanceWalkingRunning.rawValue, unit: "furlong", start: "2025-06-01 08:00:00 +0200",
                value: "1"),
            F.record(F.steps, start: "2025-06-01 08:00:00 +0200", end: "2025-06-01 07:00:00 +0200", value: "1"),
            " <Record type=\"\(F.steps)\" startDate=\"2025-06-01 08:00:00 +0200\" value=\"1\"/>\n",
        ].joined()
        let result = try F.importing(F.document(body))
        #expect(result.summary.skipped == [.unknownUnit: 1, .invalidInterval: 1, .missingAttribute: 1])
    }

    @Test func progressIsReportedUpToTheWholeFile() throws {
        let folder = try F.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appending(path: "export.zip")
        let body = F.record(F.steps, start: "2025-06-01 08:00:00 +0200", value: "10")
        try F.zip([F.Entry(ExportArchive.entryPath, F.document(body))], to: url)
        var reports: [HealthImportProgress] = []
        _ = try F.importer().importExport(at: url) { reports.append($0) }
        #expect(reports.last?.fraction == 1)
        #expect(reports.count <= 2)
    }

    @Test func anUnknownTimeZoneIsRefused() throws {
        let error = try #require(throws: HealthImportError.self) {
            try F.importing(F.document(""), zone: "Mars/Olympus")
        }
        #expect(error.code == .unknownTimeZone)
    }
}
