import Foundation
import RecoverData
import Synchronization

/// Progress of a long command on standard error: a line every couple of seconds once the command has run
/// for a while, so short runs stay quiet and long ones show they are alive.
final class ProgressLine: Sendable {
    private let noun: String
    private let started = Date()
    private let lastShown: Mutex<Date?> = Mutex(nil)

    init(noun: String) {
        self.noun = noun
    }

    /// Reports `count` items done so far.
    func update(_ count: Int) {
        let now = Date()
        let show = lastShown.withLock { last -> Bool in
            guard now.timeIntervalSince(started) >= 1, now.timeIntervalSince(last ?? .distantPast) >= 2 else {
                return false
            }
            last = now
            return true
        }
        if show { Output.error.line("\(count) \(noun) so far (\(Int(now.timeIntervalSince(started))) s)") }
    }

    /// Reports the total if progress was shown at all.
    func finish(_ count: Int) {
        if lastShown.withLock({ $0 }) != nil { Output.error.line("\(count) \(noun) in total") }
    }
}
