import Synchronization

/// True for the first caller of ``claim()`` only.
final class OnceFlag: Sendable {
    private let claimed = Atomic<Bool>(false)

    func claim() -> Bool {
        claimed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    }
}
