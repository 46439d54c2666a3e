import Foundation

/// The raw samples an import keeps, stored in 24 bytes each and read as `HealthSample` values.
///
/// ```swift
/// for sample in result.recentSamples where sample.type == .heartRate { print(sample.start, sample.value) }
/// ```
public struct HealthSampleList: RandomAccessCollection, Hashable, Sendable, Codable {
    /// One sample: its source and type as indices, its interval as a start and a duration.
    struct Compact: Hashable, Sendable {
        let start: Int64
        let value: Double
        let duration: UInt32
        let source: UInt16
        let type: UInt8
        /// 0 for none, else 1 + the stage's position in `SleepStage.allCases`.
        let stage: UInt8

        /// `sample` compacted; its duration and source index are bounded where samples are kept.
        init(_ sample: KeptSample) {
            start = sample.start
            value = sample.value
            duration = UInt32(clamping: sample.end - sample.start)
            source = UInt16(clamping: sample.source)
            type = UInt8(sample.type.index)
            stage = sample.sleepStage.flatMap { SleepStage.allCases.firstIndex(of: $0) }.map { UInt8($0 + 1) } ?? 0
        }
    }

    var storage: [Compact]
    var sources: [String]

    init(storage: [Compact], sources: [String]) {
        self.storage = storage
        self.sources = sources
    }

    /// The first position, 0.
    public var startIndex: Int { storage.startIndex }
    /// One past the last position: the number of samples.
    public var endIndex: Int { storage.endIndex }

    /// The sample at `position`, rebuilt from its 24 bytes.
    public subscript(position: Int) -> HealthSample {
        let compact = storage[position]
        return HealthSample(
            type: HealthType.allCases[Int(compact.type)], source: sources[Int(compact.source)],
            start: Date(timeIntervalSince1970: TimeInterval(compact.start)),
            end: Date(timeIntervalSince1970: TimeInterval(compact.start + Int64(compact.duration))),
            value: compact.value, sleepStage: compact.stage == 0 ? nil : SleepStage.allCases[Int(compact.stage) - 1])
    }

    /// Decodes an array of ``HealthSample``, keeping starts and lengths in whole seconds (rounded down); a
    /// negative length or one over a day, a start out of range, or too many distinct sources is `dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        let samples = try [HealthSample](from: decoder)
        var sources: [String] = []
        var indices: [String: Int] = [:]
        storage = try samples.map { sample in
            let seconds = sample.start.timeIntervalSince1970
            let length = sample.end.timeIntervalSince(sample.start)
            guard seconds.isFinite, abs(seconds) < 1e11, length >= 0, length <= 86_400, sources.count < 65_536 else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "bad sample"))
            }
            let source = indices[sample.source] ?? sources.count
            if source == sources.count {
                sources.append(sample.source)
                indices[sample.source] = source
            }
            let start = Int64(seconds.rounded(.down))
            return Compact(
                KeptSample(
                    type: sample.type, source: source, start: start, end: start + Int64(length.rounded(.down)),
                    value: sample.value, sleepStage: sample.sleepStage))
        }
        self.sources = sources
    }

    /// Encodes an array of ``HealthSample``.
    public func encode(to encoder: any Encoder) throws {
        try Array(self).encode(to: encoder)
    }
}
