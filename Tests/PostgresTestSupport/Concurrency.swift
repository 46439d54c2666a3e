import Foundation
import Synchronization

/// Lets several threads meet: each waits until all have arrived (or five seconds have passed).
public final class Rendezvous: Sendable {
    private let parties: Int
    private let arrived = Atomic<Int>(0)
    private let released = DispatchSemaphore(value: 0)

    public init(parties: Int) { self.parties = parties }

    public func arriveAndWait() {
        if arrived.add(1, ordering: .sequentiallyConsistent).newValue == parties {
            for _ in 1..<parties { released.signal() }
        } else {
            _ = released.wait(timeout: .now() + 5)
        }
    }
}

/// Runs the closures at once on threads of their own and returns their results in order.
public func concurrently<T: Sendable>(_ work: [@Sendable () throws -> T]) -> [Result<T, any Error>] {
    let results = Mutex<[Int: Result<T, any Error>]>([:])
    let group = DispatchGroup()
    for (index, item) in work.enumerated() {
        DispatchQueue.global().async(group: group) {
            let result = Result { try item() }
            results.withLock { $0[index] = result }
        }
    }
    group.wait()
    return results.withLock { all in (0..<work.count).map { all[$0]! } }
}

/// Waits until `condition` holds, polling, for up to five seconds.
public func eventually(_ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date(timeIntervalSinceNow: 5)
    while Date() < deadline {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: 0.02)
    }
    return false
}
