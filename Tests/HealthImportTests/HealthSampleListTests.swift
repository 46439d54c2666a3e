import Foundation
import Testing

@testable import HealthImport

@Suite struct HealthSampleListTests {
    typealias F = ExportFixture

    @Test func recentSamplesReadBackAsTheyWereExportedAndSurviveJSON() throws {
        let body = [
            F.record(
                F.steps, source: F.phone, start: "2025-06-01 08:00:00 +0200", end: "2025-06-01 08:10:00 +0200",
                value: "42"),
            F.record(
                HealthType.sleepAnalysis.rawValue, unit: nil, start: "2025-06-01 01:00:00 +0200",
                end: "2025-06-01 02:00:00 +0200", value: SleepStage.asleepREM.rawValue),
        ].joined()
        let samples = try F.importing(F.document(body)).recentSamples
        #expect(
            Array(samples) == [
                HealthSample(
                    type: .stepCount, source: F.phone, start: F.instant("2025-06-01 08:00:00 +0200"),
                    end: F.instant("2025-06-01 08:10:00 +0200"), value: 42, sleepStage: nil),
                HealthSample(
                    type: .sleepAnalysis, source: F.watch, start: F.instant("2025-06-01 01:00:00 +0200"),
                    end: F.instant("2025-06-01 02:00:00 +0200"), value: 3600, sleepStage: .asleepREM),
            ])
        let decoded = try JSONDecoder().decode(HealthSampleList.self, from: try JSONEncoder().encode(samples))
        #expect(Array(decoded) == Array(samples))
    }
}
