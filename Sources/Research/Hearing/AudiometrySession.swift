import Foundation

/// A whole tone-audiometry test: one ``AudiometryStaircase`` per ear and frequency, run in order (each ear
/// in turn, its frequencies in the step's order). The browser posts the responses so far; replaying them
/// here validates their order and gives the next tone, so the staircase lives only in Swift.
///
/// ```swift
/// let session = try AudiometrySession(test: step, replaying: responses)
/// if let tone = session.nextTone { play(tone) } else { store(session.thresholds) }
/// ```
public struct AudiometrySession: Hashable, Sendable {
    /// One response of the log: the tone played and whether it was heard.
    public struct Response: Codable, Hashable, Sendable {
        /// The ear the tone was played to.
        public var ear: ToneAudiometry.Ear
        /// The tone's frequency, in hertz.
        public var frequency: Double
        /// The tone's level, in dB HL.
        public var level: Double
        /// Whether the participant heard it.
        public var heard: Bool

        /// Creates a `Response` from its members.
        public init(ear: ToneAudiometry.Ear, frequency: Double, level: Double, heard: Bool) {
            self.ear = ear
            self.frequency = frequency
            self.level = level
            self.heard = heard
        }
    }

    /// The next tone to play.
    public struct Tone: Codable, Hashable, Sendable {
        /// The ear to play the tone to.
        public var ear: ToneAudiometry.Ear
        /// The tone's frequency, in hertz.
        public var frequency: Double
        /// The tone's level, in dB HL.
        public var level: Double
    }

    /// The test's ears and frequencies.
    public let test: ToneAudiometry
    /// The staircases, in test order.
    public private(set) var staircases: [(ear: ToneAudiometry.Ear, frequency: Double, staircase: AudiometryStaircase)]

    /// Replays `responses`; throws when one is out of order or answers a tone never presented.
    public init(test: ToneAudiometry, replaying responses: [Response] = [], ceilingLevel: Double = 120)
        throws(AudiometryStaircase.OrderError)
    {
        self.test = test
        staircases = test.ears.flatMap { ear in
            test.frequencies.map { (ear, $0, AudiometryStaircase(ceilingLevel: ceilingLevel)) }
        }
        for (index, response) in responses.enumerated() {
            guard let current = staircases.firstIndex(where: { !$0.staircase.isFinished }) else {
                throw AudiometryStaircase.OrderError(description: "response \(index + 1) comes after the test ended")
            }
            guard staircases[current].ear == response.ear, staircases[current].frequency == response.frequency else {
                throw AudiometryStaircase.OrderError(
                    description: "response \(index + 1) is for another ear or frequency than the tone presented")
            }
            do {
                try staircases[current].staircase.record(level: response.level, heard: response.heard)
            } catch {
                throw AudiometryStaircase.OrderError(description: "response \(index + 1): \(error.description)")
            }
        }
    }

    /// The tone to play next, or `nil` when every ear and frequency is done.
    public var nextTone: Tone? {
        for entry in staircases {
            if let level = entry.staircase.nextLevel {
                return Tone(ear: entry.ear, frequency: entry.frequency, level: level)
            }
        }
        return nil
    }

    /// Thresholds by `"ear:frequency"` (`"left:1000"`); a frequency with no response at all gets the
    /// ceiling level ("not heard at the loudest tone").
    public var thresholds: [String: Double] {
        var result: [String: Double] = [:]
        for entry in staircases {
            result["\(entry.ear.rawValue):\(Int(entry.frequency))"] =
                entry.staircase.threshold ?? entry.staircase.ceilingLevel
        }
        return result
    }

    /// The same test with staircases in the same states.
    public static func == (left: Self, right: Self) -> Bool {
        left.test == right.test && left.staircases.map(\.staircase) == right.staircases.map(\.staircase)
    }

    /// Hashes the test and the staircases, as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(test)
        hasher.combine(staircases.map(\.staircase))
    }
}
