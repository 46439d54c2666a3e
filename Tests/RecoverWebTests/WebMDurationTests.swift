import Foundation
import Testing

@testable import RecoverWeb

/// The length of a WebM read from its own timing, on live recordings as browsers write them (Segment and
/// Clusters of unknown size, no Duration), on files with a Duration, and on garbage.
@Suite struct WebMDurationTests {
    @Test func aLiveRecordingsLengthIsFromItsFirstBlockToItsLast() {
        let video = TestVideo.liveWebM(seconds: 10)
        let seconds = WebMDuration.seconds(in: video)
        #expect(seconds.map { abs($0 - 10) < 0.05 } == true, "\(String(describing: seconds))")
    }

    @Test func aDurationInTheInfoIsUsedAndTheTimecodeScaleApplies() {
        #expect(WebMDuration.seconds(in: TestVideo.liveWebM(seconds: 2, declaredMilliseconds: 7_250)) == 7.25)
        // Timecodes in units of 10 ms: 300 units are 3 s.
        let scaled = TestVideo.liveWebM(seconds: 3, scale: 10_000_000)
        #expect(WebMDuration.seconds(in: scaled).map { abs($0 - 3) < 0.05 } == true)
    }

    @Test func garbageAndCutFilesHaveNoLengthAndNeverTrap() {
        #expect(WebMDuration.seconds(in: TestVideo.webm(4096)) == nil)
        #expect(WebMDuration.seconds(in: [UInt8]()) == nil)
        #expect(WebMDuration.seconds(in: TestVideo.mp4()) == nil)
        let whole = TestVideo.liveWebM(seconds: 5)
        for cut in stride(from: 0, to: whole.count, by: 7) {
            _ = WebMDuration.seconds(in: Array(whole[..<cut]))
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            var bytes = whole
            for _ in 0..<8 { bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255) }
            _ = WebMDuration.seconds(in: bytes)
            _ = WebMDuration.seconds(in: (0..<64).map { _ in UInt8.random(in: 0...255, using: &generator) })
        }
    }
}

extension TestVideo {
    /// A WebM as MediaRecorder writes it: the EBML header, a Segment and Clusters of unknown size, an Info with
    /// the timecode scale (and a Duration when `declaredMilliseconds` is given), one Cluster a second with 30
    /// blocks, for `seconds`.
    static func liveWebM(seconds: Int, scale: Int = 1_000_000, declaredMilliseconds: Int? = nil) -> [UInt8] {
        // An element with an 8-byte size: the length marker 0x01, then seven bytes of the size.
        func element(_ id: [UInt8], _ data: [UInt8]) -> [UInt8] {
            id + [0x01] + (1...7).map { UInt8(truncatingIfNeeded: data.count >> (8 * (7 - $0))) } + data
        }
        func unsigned(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * (3 - $0))) } }
        let unknown: [UInt8] = [0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
        var info = element([0x2A, 0xD7, 0xB1], unsigned(scale))
        if let declaredMilliseconds {
            let units = Double(declaredMilliseconds) * 1_000_000 / Double(scale)
            info += element(
                [0x44, 0x89], (0..<8).map { UInt8(truncatingIfNeeded: units.bitPattern >> (8 * (7 - $0))) })
        }
        var bytes = element([0x1A, 0x45, 0xDF, 0xA3], element([0x42, 0x82], Array("webm".utf8)))
        bytes += [0x18, 0x53, 0x80, 0x67] + unknown + element([0x15, 0x49, 0xA9, 0x66], info)
        let perSecond = 1_000_000_000 / scale
        for second in 0..<seconds {
            bytes += [0x1F, 0x43, 0xB6, 0x75] + unknown + element([0xE7], unsigned(second * perSecond))
            for frame in 0..<30 {
                let relative = frame * perSecond / 30
                let block =
                    [0x81, UInt8(relative >> 8), UInt8(relative & 0xFF), 0x80] + [UInt8](repeating: 7, count: 50)
                bytes += element([0xA3], block)
            }
        }
        // The last block, at the end of the last second.
        bytes += element([0xA3], [0x81, UInt8(perSecond >> 8), UInt8(perSecond & 0xFF), 0x80, 1, 2, 3])
        return bytes
    }
}
