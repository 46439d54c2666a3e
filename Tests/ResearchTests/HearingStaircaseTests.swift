import Foundation
import Research
import Testing

@Suite struct HearingStaircaseTests {
    /// Runs the staircase against a listener until it stops.
    func run(ceiling: Double = 120, hears: (Double) -> Bool) -> AudiometryStaircase {
        var staircase = AudiometryStaircase(ceilingLevel: ceiling)
        while let level = staircase.nextLevel {
            #expect(throws: Never.self) { try staircase.record(level: level, heard: hears(level)) }
        }
        return staircase
    }

    @Test func deterministicListenerIsFoundWithinFiveDecibelsForManyThresholds() {
        for threshold in stride(from: -9.0, through: 118.0, by: 1.0) {
            let staircase = run { $0 >= threshold }
            guard let found = staircase.threshold else {
                Issue.record("no threshold for a listener at \(threshold)")
                continue
            }
            #expect(found >= threshold && found - threshold <= 5, "listener at \(threshold) found at \(found)")
            #expect(staircase.presentations.count <= AudiometryStaircase.maximumTones)
        }
    }

    @Test func firstTonesFollowTheReferenceSteps() {
        // Heard, then missed four times: 30, 20 (down 10), 40 (up 20), 30, 20, 30 (up 10), 20, 30 (up 10), 20, 25 (up 5).
        let answers: [Double: Bool] = [30: true, 40: true, 20: false, 25: true, 15: false]
        let staircase = run { answers[$0] ?? false }
        let levels = staircase.presentations.prefix(10).map(\.level)
        #expect(levels == [30, 20, 40, 30, 20, 30, 20, 30, 20, 25])
    }

    @Test func listenerBelowTheFloorStopsAtTheFloor() {
        let staircase = run { _ in true }
        #expect(staircase.threshold == AudiometryStaircase.floorLevel)
        #expect(staircase.presentations.allSatisfy { $0.level >= AudiometryStaircase.floorLevel })
        #expect(staircase.presentations.map(\.level) == [30, 20, 10, 0, -10, -10])
    }

    @Test func listenerWhoHearsNothingStopsAfterTwentyTonesWithoutThreshold() {
        let staircase = run(ceiling: 90) { _ in false }
        #expect(staircase.presentations.count == AudiometryStaircase.maximumTones)
        #expect(staircase.threshold == nil)
        #expect(staircase.presentations.allSatisfy { $0.level <= 90 })
        #expect(staircase.nextLevel == nil)
    }

    @Test func noisyListenerStaysWithinTwentyTonesAndNearTheirThreshold() {
        var generator = SeededGenerator(seed: 42)
        var errors: [Double] = []
        for threshold in stride(from: 0.0, through: 60.0, by: 5.0) {
            for _ in 0..<20 {
                // Hears with a probability that rises over 10 dB around the threshold; 5 % random taps.
                let staircase = run { level in
                    let chance = min(max((level - threshold + 5) / 10, 0.05), 0.95)
                    return Double.random(in: 0..<1, using: &generator) < chance
                }
                #expect(staircase.presentations.count <= AudiometryStaircase.maximumTones)
                if let found = staircase.threshold { errors.append(abs(found - threshold)) }
            }
        }
        #expect(errors.count > 200)
        let mean = errors.reduce(0, +) / Double(errors.count)
        #expect(mean <= 10, "mean error \(mean) dB")
    }

    @Test func replayedLogGivesTheSameThreshold() throws {
        let live = run { $0 >= 37 }
        let replayed = try AudiometryStaircase(replaying: live.presentations)
        #expect(replayed == live)
        #expect(replayed.threshold == 40)
    }

    @Test func responseForATonNeverPresentedIsRefused() {
        var staircase = AudiometryStaircase()
        #expect(throws: AudiometryStaircase.OrderError.self) { try staircase.record(level: 20, heard: true) }
        #expect(staircase.presentations.isEmpty)
        #expect(throws: AudiometryStaircase.OrderError.self) {
            _ = try AudiometryStaircase(replaying: [.init(level: 30, heard: true), .init(level: 40, heard: true)])
        }
    }

    @Test func responseAfterTheFrequencyIsFinishedIsRefused() {
        var staircase = run { _ in true }
        #expect(throws: AudiometryStaircase.OrderError.self) {
            try staircase.record(level: AudiometryStaircase.floorLevel, heard: true)
        }
    }
}

/// A small deterministic generator (SplitMix64) so the noisy listener is the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct HearingSessionTests {
    let test = ToneAudiometry(frequencies: [1000, 4000], ears: [.left, .right])

    /// Plays the whole test with a listener whose threshold depends on the ear and frequency.
    func play(_ thresholdOf: (ToneAudiometry.Ear, Double) -> Double) throws -> AudiometrySession {
        var log: [AudiometrySession.Response] = []
        var session = try AudiometrySession(test: test, ceilingLevel: 90)
        while let tone = session.nextTone {
            log.append(
                .init(
                    ear: tone.ear, frequency: tone.frequency, level: tone.level,
                    heard: tone.level >= thresholdOf(tone.ear, tone.frequency)))
            session = try AudiometrySession(test: test, replaying: log, ceilingLevel: 90)
        }
        return session
    }

    @Test func wholeTestRunsEachEarAndFrequencyInOrder() throws {
        let session = try play { ear, frequency in ear == .left ? 20 : (frequency == 4000 ? 45 : 10) }
        #expect(session.thresholds == ["left:1000": 20, "left:4000": 20, "right:1000": 10, "right:4000": 45])
    }

    @Test func unheardFrequencyReportsTheCeiling() throws {
        let session = try play { _, frequency in frequency == 4000 ? 200 : 0 }
        #expect(session.thresholds["left:4000"] == 90)
        #expect(session.thresholds["left:1000"] == 0)
    }

    @Test func responseForAnotherEarOrLevelIsRefused() {
        #expect(throws: AudiometryStaircase.OrderError.self) {
            _ = try AudiometrySession(
                test: test, replaying: [.init(ear: .right, frequency: 1000, level: 30, heard: true)])
        }
        #expect(throws: AudiometryStaircase.OrderError.self) {
            _ = try AudiometrySession(
                test: test, replaying: [.init(ear: .left, frequency: 1000, level: 25, heard: true)])
        }
        #expect(throws: AudiometryStaircase.OrderError.self) {
            _ = try AudiometrySession(
                test: test, replaying: [.init(ear: .left, frequency: 4000, level: 30, heard: true)])
        }
    }
}
