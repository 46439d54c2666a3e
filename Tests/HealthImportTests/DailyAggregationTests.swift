import Foundation
import Testing

@testable import HealthImport

@Suite struct DailyAggregationTests {
    typealias F = ExportFixture

    @Test func dailySumsFollowTheLocalCalendarAcrossSpringForwardAndFallBack() throws {
        // Europe/Berlin: +0100 until 2025-03-30 01:00 UTC, then +0200 until 2025-10-26 01:00 UTC.
        let body = [
            F.record(F.steps, start: "2025-03-29 23:30:00 +0000", value: "100"),  // 00:30 local, 30 March
            F.record(F.steps, start: "2025-03-30 21:30:00 +0000", value: "20"),  // 23:30 local, 30 March
            F.record(F.steps, start: "2025-03-30 22:30:00 +0000", value: "3"),  // 00:30 local, 31 March
            F.record(F.steps, start: "2025-10-25 22:30:00 +0000", value: "4000"),  // 00:30 local (+0200), 26 Oct
            F.record(F.steps, start: "2025-10-26 22:30:00 +0000", value: "50000"),  // 23:30 local (+0100), 26 Oct
            F.record(F.steps, start: "2025-10-26 23:30:00 +0000", value: "600"),  // 00:30 local, 27 Oct
        ].joined()
        let result = try F.importing(F.document(body))
        #expect(F.day("2025-03-30", in: result)?.steps == 120)
        #expect(F.day("2025-03-31", in: result)?.steps == 3)
        #expect(F.day("2025-10-26", in: result)?.steps == 54_000)
        #expect(F.day("2025-10-27", in: result)?.steps == 600)
        #expect(result.summary.daysCovered == 4)
        #expect(result.summary.firstDay?.description == "2025-03-30")
        #expect(result.summary.lastDay?.description == "2025-10-27")
    }

    @Test func theSameRecordsFallOnOtherDaysInAnotherZone() throws {
        let body = F.record(F.steps, start: "2025-03-29 23:30:00 +0000", value: "100")
        let result = try F.importing(F.document(body), zone: "America/New_York")
        #expect(F.day("2025-03-29", in: result)?.steps == 100)
    }

    @Test func overlappingPhoneAndWatchRecordsCountOnceAndTheLargerCounts() throws {
        let body = [
            F.record(F.steps, source: F.watch, start: "2025-06-01 08:00:00 +0200", value: "1000"),
            F.record(F.steps, source: F.phone, start: "2025-06-01 08:05:00 +0200", value: "900"),
            F.record(F.steps, source: F.phone, start: "2025-06-01 08:40:00 +0200", value: "50"),
            // Only the phone in the afternoon (the watch charging): it counts.
            F.record(F.steps, source: F.phone, start: "2025-06-01 14:00:00 +0200", value: "500"),
        ].joined()
        let result = try F.importing(F.document(body))
        #expect(F.day("2025-06-01", in: result)?.steps == 1500)
        #expect(result.summary.recordsKept == 4)
    }

    @Test func distanceAndEnergyAreConvertedAndSummed() throws {
        let body = [
            F.record(
                HealthType.distanceWalkingRunning.rawValue, unit: "km", start: "2025-06-01 08:00:00 +0200",
                value: "1.5"),
            F.record(
                HealthType.distanceWalkingRunning.rawValue, unit: "m", start: "2025-06-01 09:00:00 +0200",
                value: "250"),
            F.record(
                HealthType.activeEnergyBurned.rawValue, unit: "Cal", start: "2025-06-01 09:00:00 +0200",
                value: "12.5"),
            F.record(
                HealthType.basalEnergyBurned.rawValue, unit: "kJ", start: "2025-06-01 09:00:00 +0200",
                value: "4184"),
        ].joined()
        let day = try #require(F.day("2025-06-01", in: try F.importing(F.document(body))))
        #expect(day.distanceMetres == 1750)
        #expect(day.activeEnergyKilocalories == 12.5)
        #expect(abs((day.basalEnergyKilocalories ?? 0) - 1000) < 1e-9)
    }

    @Test func heartRateKeepsTheDaysLowestMeanAndHighest() throws {
        let heartRate = HealthType.heartRate.rawValue
        let body = ["60", "90", "120"].map {
            F.record(heartRate, unit: "count/min", start: "2025-06-01 08:00:00 +0200", value: $0)
        }.joined()
        let range = try #require(F.day("2025-06-01", in: try F.importing(F.document(body)))?.heartRate)
        #expect(range == ReadingRange(minimum: 60, mean: 90, maximum: 120, count: 3))
    }

    @Test func bloodPressureCountsOnceFromItsCorrelation() throws {
        func pressure(_ systolic: String, _ diastolic: String, at time: String) -> String {
            let systolicRecord = F.record(
                HealthType.bloodPressureSystolic.rawValue, unit: "mmHg", start: time, value: systolic)
            let diastolicRecord = F.record(
                HealthType.bloodPressureDiastolic.rawValue, unit: "mmHg", start: time, value: diastolic)
            let correlation =
                " <Correlation type=\"HKCorrelationTypeIdentifierBloodPressure\" sourceName=\"Cuff\" "
                + "startDate=\"\(time)\" endDate=\"\(time)\">\n\(systolicRecord)\(diastolicRecord) </Correlation>\n"
            // Apple writes the records again at the top level.
            return correlation + systolicRecord + diastolicRecord
        }
        let body =
            pressure("120", "80", at: "2025-06-01 08:00:00 +0200")
            + pressure("140", "90", at: "2025-06-01 20:00:00 +0200")
        let result = try F.importing(F.document(body))
        let day = try #require(F.day("2025-06-01", in: result))
        #expect(day.systolic == ReadingRange(minimum: 120, mean: 130, maximum: 140, count: 2))
        #expect(day.diastolic == ReadingRange(minimum: 80, mean: 85, maximum: 90, count: 2))
        #expect(result.summary.skipped[.repeatedOutsideCorrelation] == 4)
    }

    @Test func sleepCountsAsleepStagesOnTheWakeUpDateOncePerNight() throws {
        let sleep = HealthType.sleepAnalysis.rawValue
        func stage(_ name: String, _ source: String, _ start: String, _ end: String) -> String {
            F.record(
                sleep, source: source, unit: nil, start: start, end: end, value: "HKCategoryValueSleepAnalysis\(name)")
        }
        let body = [
            stage("InBed", F.phone, "2025-06-01 22:30:00 +0200", "2025-06-02 07:00:00 +0200"),
            stage("AsleepCore", F.watch, "2025-06-01 23:00:00 +0200", "2025-06-01 23:50:00 +0200"),  // 50 min
            stage("Awake", F.watch, "2025-06-01 23:50:00 +0200", "2025-06-02 00:00:00 +0200"),
            stage("AsleepDeep", F.watch, "2025-06-02 00:00:00 +0200", "2025-06-02 02:00:00 +0200"),  // 120 min
            stage("AsleepREM", F.watch, "2025-06-02 01:30:00 +0200", "2025-06-02 03:00:00 +0200"),  // +60 min
            // The phone's coarser guess of the same night: fewer minutes, so the watch's night counts.
            stage("Asleep", F.phone, "2025-06-01 23:30:00 +0200", "2025-06-02 02:30:00 +0200"),
            // An afternoon nap ending after 18:00 belongs to the next morning's night.
            stage("AsleepUnspecified", F.phone, "2025-06-02 17:45:00 +0200", "2025-06-02 18:15:00 +0200"),
        ].joined()
        let result = try F.importing(F.document(body))
        #expect(F.day("2025-06-02", in: result)?.sleepSeconds == Double(230 * 60))
        #expect(F.day("2025-06-03", in: result)?.sleepSeconds == Double(30 * 60))
        #expect(F.day("2025-06-01", in: result) == nil)
    }

    @Test func recentSamplesAreTheLast30DaysBeforeTheNewest() throws {
        let body = [
            F.record(F.steps, start: "2025-04-01 08:00:00 +0000", value: "1"),
            F.record(F.steps, start: "2025-05-01 09:00:00 +0000", value: "2"),
            F.record(F.steps, start: "2025-05-31 08:00:00 +0000", value: "3"),
        ].joined()
        let result = try F.importing(F.document(body))
        #expect(result.recentSamples.map(\.value) == [2, 3])
        #expect(result.recentSamples.first?.source == F.watch)
        #expect(result.recentSamples.first?.start == F.instant("2025-05-01 09:00:00 +0000"))
        #expect(result.days.count == 3)
    }
}
