import Foundation

/// Keeps the kept samples that start within a window before the newest start seen, dropping older ones as the
/// stream goes on, so memory follows the window's samples, not the file's.
final class RecentSamples {
    private let window: Int64
    private var samples: [KeptSample] = []
    private var newestStart = Int64.min
    private var pruneAt = 65_536

    init(days: Int) {
        window = Int64(days) * 86_400
    }

    func add(_ sample: KeptSample) {
        newestStart = max(newestStart, sample.start)
        guard sample.start >= newestStart - window else { return }
        samples.append(sample)
        if samples.count >= pruneAt {
            prune()
            pruneAt = max(65_536, samples.count * 2)
        }
    }

    /// The samples within the window of the newest, in the order they came.
    func finish(sources: [String]) -> [HealthSample] {
        prune()
        return samples.map { sample in
            HealthSample(
                type: sample.type, source: sources[sample.source],
                start: Date(timeIntervalSince1970: TimeInterval(sample.start)),
                end: Date(timeIntervalSince1970: TimeInterval(sample.end)), value: sample.value,
                sleepStage: sample.sleepStage)
        }
    }

    private func prune() {
        guard newestStart != .min else { return }
        let oldest = newestStart - window
        samples.removeAll { $0.start < oldest }
    }
}
