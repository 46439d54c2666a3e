import Foundation

/// The dB HL staircase of a pure-tone hearing test at one frequency in one ear (REFERENCE.md,
/// "Hearing tasks"): start at 30 dB HL; heard, 10 dB down; not heard, up 20, then 10, 10, then 5 dB;
/// never below the floor (-10 dB HL) nor above the loudest level the headphones can play; at most 20
/// tones. The threshold is the lowest level heard on at least half of its presentations while the level
/// 5 dB below was heard on at most half of its own.
///
/// The server drives it: the browser only plays ``nextLevel`` and reports whether it was heard.
///
/// ```swift
/// var staircase = AudiometryStaircase()
/// while let level = staircase.nextLevel {
///     try staircase.record(level: level, heard: listener.hears(level))
/// }
/// print(staircase.threshold ?? .nan)
/// ```
public struct AudiometryStaircase: Codable, Hashable, Sendable {
    /// One tone played and the answer.
    public struct Presentation: Codable, Hashable, Sendable {
        /// The level in dB HL (or the nominal uncalibrated scale).
        public var level: Double
        /// Whether the participant tapped while it played.
        public var heard: Bool

        /// Creates a `Presentation` from its members.
        public init(level: Double, heard: Bool) {
            self.level = level
            self.heard = heard
        }
    }

    /// A response that does not answer the tone the staircase presented.
    public struct OrderError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong, without any health data.
        public let description: String
    }

    /// The first level, in dB HL.
    public static let startLevel = 30.0
    /// The quietest level ever played.
    public static let floorLevel = -10.0
    /// Tones per frequency at most.
    public static let maximumTones = 20
    /// Down step after a heard tone.
    public static let stepDown = 10.0
    /// Up steps after the first, second and third miss; every later miss goes up ``finalStepUp``.
    public static let initialStepsUp = [20.0, 10.0, 10.0]
    /// Up step after the third miss.
    public static let finalStepUp = 5.0

    /// The loudest level that can be played (the headphones' limit).
    public var ceilingLevel: Double
    /// The tones played so far, in order.
    public private(set) var presentations: [Presentation] = []

    /// A staircase that has played nothing yet; `ceilingLevel` caps the upward steps.
    public init(ceilingLevel: Double = 120) {
        self.ceilingLevel = ceilingLevel
    }

    /// A staircase replayed from a response log; throws when a level is not the one the staircase would
    /// have presented (out of order, or a tone never presented).
    public init(replaying log: [Presentation], ceilingLevel: Double = 120) throws(OrderError) {
        self.init(ceilingLevel: ceilingLevel)
        for entry in log { try record(level: entry.level, heard: entry.heard) }
    }

    /// The level to play next, or `nil` when the threshold is found or the tones are used up.
    public var nextLevel: Double? {
        if isFinished { return nil }
        guard let last = presentations.last else { return min(Self.startLevel, ceilingLevel) }
        if last.heard { return max(last.level - Self.stepDown, Self.floorLevel) }
        let misses = presentations.filter { !$0.heard }.count
        let step = misses <= Self.initialStepsUp.count ? Self.initialStepsUp[misses - 1] : Self.finalStepUp
        return min(last.level + step, ceilingLevel)
    }

    /// Records the answer to the tone at `level`; throws when `level` is not ``nextLevel``.
    public mutating func record(level: Double, heard: Bool) throws(OrderError) {
        guard let expected = nextLevel else {
            throw OrderError(description: "no tone is due: this frequency is finished")
        }
        guard level == expected else {
            throw OrderError(description: "the answer is for a tone that was not presented (expected the next tone)")
        }
        presentations.append(Presentation(level: level, heard: heard))
    }

    /// Whether the test of this frequency is over: a threshold is established, or 20 tones were played.
    public var isFinished: Bool {
        presentations.count >= Self.maximumTones || establishedThreshold != nil
    }

    /// The threshold: established once the level has been heard twice and the level 5 dB below has been
    /// played twice (or the level is the floor); after the last tone, the best candidate found.
    public var threshold: Double? {
        establishedThreshold ?? candidates.first?.level
    }

    private var establishedThreshold: Double? {
        candidates.first { candidate in
            candidate.heard >= 2 && (candidate.level <= Self.floorLevel || candidate.belowPresented >= 2)
        }?.level
    }

    /// Levels that meet the threshold rule, lowest first.
    private var candidates: [(level: Double, heard: Int, belowPresented: Int)] {
        var counts: [Double: (presented: Int, heard: Int)] = [:]
        for presentation in presentations {
            var count = counts[presentation.level] ?? (0, 0)
            count.presented += 1
            if presentation.heard { count.heard += 1 }
            counts[presentation.level] = count
        }
        return counts.keys.sorted().compactMap { level in
            guard let count = counts[level], count.heard > 0, 2 * count.heard >= count.presented else { return nil }
            let below = counts[level - 5] ?? (0, 0)
            guard 2 * below.heard <= below.presented else { return nil }
            return (level, count.heard, below.presented)
        }
    }
}
