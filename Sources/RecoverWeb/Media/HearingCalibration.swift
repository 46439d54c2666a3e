import Foundation

/// How the hearing screening turns a staircase level into a tone's gain. With a calibration table for the
/// participant's headphones (`hearing-calibration.json` in the data folder), levels are dB HL:
/// `dBFS = level + zeroHL[frequency]`. Without one, levels are uncalibrated and relative to full scale:
/// `dBFS = level - 90`, and the pages say so.
///
/// ```json
/// {"headphones": "Studio headphones X", "zeroHL": {"500": -98.5, "1000": -101, "2000": -99, "4000": -96}}
/// ```
public struct HearingCalibration: Codable, Hashable, Sendable {
    /// The headphones the table was measured for.
    public var headphones: String?
    /// dBFS of a tone at 0 dB HL, by frequency in hertz (`"1000"`).
    public var zeroHL: [String: Double]

    /// The uncalibrated reference: 0 on the level scale is -90 dBFS.
    public static let uncalibratedZero = -90.0
    /// The calibration file's name in the data folder.
    public static let fileName = "hearing-calibration.json"
    /// No table: levels relative to full scale.
    public static let uncalibrated = HearingCalibration(headphones: nil, zeroHL: [:])

    /// Creates a `HearingCalibration` from its members.
    public init(headphones: String?, zeroHL: [String: Double]) {
        self.headphones = headphones
        self.zeroHL = zeroHL
    }

    /// Whether levels are dB HL (a table is configured).
    public var isCalibrated: Bool { !zeroHL.isEmpty }

    /// The gain in dBFS of a tone at `level` and `frequency`.
    public func dBFS(level: Double, frequency: Double) -> Double {
        level + (zeroHL[String(Int(saturating: frequency))] ?? Self.uncalibratedZero)
    }

    /// The loudest level playable at every one of `frequencies` (0 dBFS).
    public func ceiling(frequencies: [Double]) -> Double {
        frequencies.map { -dBFS(level: 0, frequency: $0) }.min() ?? -Self.uncalibratedZero
    }

    /// The table in `dataFolder`, or ``uncalibrated`` when there is no file; a file that cannot be read is
    /// an error (the server should not start with a broken calibration).
    public static func load(dataFolder: URL) throws -> HearingCalibration {
        let file = dataFolder.appending(path: fileName)
        guard let data = FileManager.default.contents(atPath: file.path) else { return .uncalibrated }
        guard let table = try? JSONDecoder().decode(HearingCalibration.self, from: data),
            table.zeroHL.allSatisfy({ Int($0.key) != nil && $0.value.isFinite && $0.value <= 0 })
        else { throw CalibrationError(file: file.path) }
        return table
    }
}

/// The calibration file exists but is not a table of dBFS values by frequency.
public struct CalibrationError: Error, CustomStringConvertible {
    /// The file's path.
    public let file: String
    /// `<path> must be {"zeroHL": {"1000": -100, ...}} with dBFS values of 0 or less`.
    public var description: String {
        "\(file) must be {\"zeroHL\": {\"1000\": -100, ...}} with dBFS values of 0 or less"
    }
}
