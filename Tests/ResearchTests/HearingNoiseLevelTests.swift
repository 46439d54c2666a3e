import Foundation
import Research
import Testing

@Suite struct HearingNoiseLevelTests {
    @Test func fullScaleSineReadsNinetyOneDecibels() {
        let samples = (0..<48_000).map { sin(2 * Double.pi * 1000 * Double($0) / 48_000) }
        let level = NoiseLevel.decibels(rms: NoiseLevel.rms(samples))
        #expect(abs(level - (94 + 20 * log10(0.5.squareRoot()))) < 0.01)
    }

    @Test func deviceOffsetIsSubtracted() {
        #expect(abs(NoiseLevel.decibels(rms: 0.001, deviceOffset: 4) - 30) < 1e-9)
        #expect(NoiseLevel.decibels(rms: 0) == NoiseLevel.silence)
    }

    @Test func aWeightingMatchesTheStandardCurve() {
        #expect(abs(NoiseLevel.aWeighting(frequency: 1000)) < 0.05)
        #expect(abs(NoiseLevel.aWeighting(frequency: 100) - -19.1) < 0.1)
        #expect(abs(NoiseLevel.aWeighting(frequency: 4000) - 1.0) < 0.1)
        #expect(abs(NoiseLevel.aWeighting(frequency: 31.5) - -39.4) < 0.2)
    }

    @Test func lowRumbleCountsLessThanTheSamePowerAtOneKilohertz() {
        let rumble = NoiseLevel.aWeightedRMS(power: [1e-4], frequencies: [50])
        let voice = NoiseLevel.aWeightedRMS(power: [1e-4], frequencies: [1000])
        #expect(NoiseLevel.decibels(rms: voice) - NoiseLevel.decibels(rms: rumble) > 25)
    }

    @Test func quietRunPassesOnlyAfterTheConfiguredCount() {
        let check = NoiseCheck(thresholdDBA: 45, consecutiveQuietSamples: 3)
        #expect(!check.passes([40, 40, 50, 40, 40]))
        #expect(check.passes([50, 40, 40, 40]))
    }
}
