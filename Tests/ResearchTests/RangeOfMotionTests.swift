import Foundation
import Testing

@testable import Research

@Suite struct RangeOfMotionTests {
    /// Rotations about the device's x-axis through `degrees`, in order.
    private func sweep(_ degrees: [Double]) -> [Quaternion] {
        degrees.map { Quaternion(degrees: $0, axisX: 1, axisY: 0, axisZ: 0) }
    }

    private func path(_ from: Double, _ to: Double, by step: Double) -> [Double] {
        Array(stride(from: from, through: to, by: step))
    }

    @Test func kneeSweepFromTwentyToNinetyFiveAndBackToThirty() throws {
        let angles = path(20, 95, by: 1) + path(94, 30, by: -1)
        let result = try RangeOfMotion.measure(sweep(angles))
        #expect(abs((result.start ?? .nan) - 70) < 0.01)
        #expect(abs((result.finish ?? .nan) - 60) < 0.01)
        #expect(abs((result.minimum ?? .nan) - -5) < 0.01)
        #expect(abs((result.maximum ?? .nan) - 70) < 0.01)
        #expect(abs(result.range - 75) < 0.01)
        #expect(result.samples.count == angles.count)
        #expect(!result.isManual)
    }

    @Test func eulerBetaSweepGivesTheSameRange() throws {
        let betas = path(30, 105, by: 0.5) + path(104.5, 40, by: -0.5)
        let result = try RangeOfMotion.measure(euler: betas.map { (alpha: 0, beta: $0, gamma: 0) })
        #expect(abs(result.range - 75) < 1)
        #expect(abs((result.start ?? .nan) - 60) < 0.01)
        #expect(abs((result.finish ?? .nan) - 50) < 0.01)
    }

    @Test func eulerToQuaternionMatchesAxisAngleForEachAxis() {
        let aboutZ = Quaternion(alpha: 30, beta: 0, gamma: 0)
        let expectedZ = Quaternion(degrees: 30, axisX: 0, axisY: 0, axisZ: 1)
        #expect(abs(aboutZ.z - expectedZ.z) < 1e-12 && abs(aboutZ.w - expectedZ.w) < 1e-12)
        let aboutX = Quaternion(alpha: 0, beta: 30, gamma: 0)
        #expect(abs(aboutX.x - sin(15 * Double.pi / 180)) < 1e-12)
        let aboutY = Quaternion(alpha: 0, beta: 0, gamma: 30)
        #expect(abs(aboutY.y - sin(15 * Double.pi / 180)) < 1e-12)
    }

    @Test func landscapeUsesRotationAboutTheYAxis() throws {
        let samples = (path(10, 60, by: 2) + path(58, 25, by: -1)).map {
            Quaternion(degrees: $0, axisX: 0, axisY: 1, axisZ: 0)
        }
        let result = try RangeOfMotion.measure(samples, orientation: .landscape)
        #expect(abs((result.start ?? .nan) - 80) < 0.01)
        #expect(abs((result.finish ?? .nan) - 65) < 0.01)
        #expect(abs(result.range - 50) < 0.01)
        // The same samples read in portrait see no bend at all.
        #expect(try RangeOfMotion.measure(samples, orientation: .portrait).range < 0.01)
    }

    @Test func anglesPastNinetyAreFoldedNegative() {
        #expect(RangeOfMotion.folded(100) == -260)
        #expect(RangeOfMotion.folded(90) == 90)
        #expect(RangeOfMotion.folded(180) == -180)
        #expect(RangeOfMotion.folded(-120) == -120)
    }

    @Test func noSamplesOrBrokenSamplesAreErrors() {
        #expect(throws: RangeOfMotion.Failure.noSamples) { try RangeOfMotion.measure([]) }
        let broken = [Quaternion(x: 0, y: 0, z: 0, w: 1), Quaternion(x: .nan, y: 0, z: 0, w: 1)]
        #expect(throws: RangeOfMotion.Failure.unusableSample(index: 1)) { try RangeOfMotion.measure(broken) }
        #expect(throws: RangeOfMotion.Failure.unusableSample(index: 0)) {
            try RangeOfMotion.measure([Quaternion(x: 0, y: 0, z: 0, w: 0)])
        }
    }
}
