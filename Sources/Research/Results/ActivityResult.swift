import Foundation

/// What a non-question step produced: a signature, permission grants, a measurement, a file, a selection.
public enum ActivityResult: Hashable, Sendable {
    case consent(ConsentResult)
    /// Granted (`true`) or declined (`false`) per permission card (`health`, `notifications`, `motionActivity`).
    case permissions([String: Bool])
    case rangeOfMotion(RangeOfMotionResult)
    case file(FileResult)
    /// The body-model parts picked.
    case bodySelection([String])
    /// Noise readings in dBA and whether they passed the check.
    case noiseCheck(readings: [Double], passed: Bool)
    /// Hearing thresholds in dB per ear and frequency (`"left:1000"`), as measured by the browser.
    case audiometry([String: Double])

    var typeName: String {
        switch self {
        case .consent: "consent"
        case .permissions: "permissions"
        case .rangeOfMotion: "rangeOfMotion"
        case .file: "file"
        case .bodySelection: "bodySelection"
        case .noiseCheck: "noiseCheck"
        case .audiometry: "audiometry"
        }
    }
}

extension ActivityResult: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, value, readings, passed
    }

    /// Decodes `{"type": ..., "value": ...}`; a noise check carries `readings` and `passed` instead of `value`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let type = try c.decode(String.self, forKey: .type)
        switch type {
        case "consent": self = .consent(try c.decode(ConsentResult.self, forKey: .value))
        case "permissions": self = .permissions(try c.decode([String: Bool].self, forKey: .value))
        case "rangeOfMotion": self = .rangeOfMotion(try c.decode(RangeOfMotionResult.self, forKey: .value))
        case "file": self = .file(try c.decode(FileResult.self, forKey: .value))
        case "bodySelection": self = .bodySelection(try c.decode([String].self, forKey: .value))
        case "noiseCheck":
            self = .noiseCheck(
                readings: try c.decode([Double].self, forKey: .readings),
                passed: try c.decode(Bool.self, forKey: .passed)
            )
        case "audiometry": self = .audiometry(try c.decode([String: Double].self, forKey: .value))
        default:
            throw decoder.unknownType(
                type,
                of: "activity result",
                expected: [
                    "consent", "permissions", "rangeOfMotion", "file", "bodySelection", "noiseCheck", "audiometry",
                ]
            )
        }
    }

    /// Encodes `{"type": ..., "value": ...}`; a noise check writes `readings` and `passed` instead of `value`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(typeName, forKey: .type)
        switch self {
        case .consent(let value): try c.encode(value, forKey: .value)
        case .permissions(let value): try c.encode(value, forKey: .value)
        case .rangeOfMotion(let value): try c.encode(value, forKey: .value)
        case .file(let value): try c.encode(value, forKey: .value)
        case .bodySelection(let value): try c.encode(value, forKey: .value)
        case .noiseCheck(let readings, let passed):
            try c.encode(readings, forKey: .readings)
            try c.encode(passed, forKey: .passed)
        case .audiometry(let value): try c.encode(value, forKey: .value)
        }
    }
}
