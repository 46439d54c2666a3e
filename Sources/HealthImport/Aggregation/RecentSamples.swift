/// Keeps the kept samples that start within a window before the newest start seen, dropping older ones as the
/// stream goes on, so memory follows the window's samples (24 bytes each), not the file's.
final class RecentSamples {
    private let window: Int64
    private var samples: [HealthSampleList.Compact] = []
    private var newestStart = Int64.min
    private var pruneAt = 16_384

    init(days: Int) {
        window = Int64(days) * 86_400
    }

    func add(_ sample: KeptSample) {
        newestStart = max(newestStart, sample.start)
        guard sample.start >= newestStart - window else { return }
        samples.append(HealthSampleList.Compact(sample))
        if samples.count >= pruneAt {
            prune()
            // A quarter more before the next pass: little slack, and each pass stays amortised.
            pruneAt = samples.count + max(16_384, samples.count / 4)
        }
    }

    /// The samples within the window of the newest, in the order they came.
    func finish(sources: [String]) -> HealthSampleList {
        prune()
        return HealthSampleList(storage: samples, sources: sources)
    }

    private func prune() {
        guard newestStart != .min else { return }
        let oldest = newestStart - window
        samples.removeAll { $0.start < oldest }
    }
}
