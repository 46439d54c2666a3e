/// Why a record was read but not kept; counted in `HealthImportSummary.skipped`, never with the record's values.
public struct SkipReason: Codable, Hashable, Sendable, Comparable, CustomStringConvertible {
    /// A stable code (`not-granted`), for logs and for pages to word.
    public let code: String
    /// The position in counting arrays.
    let index: Int

    private init(_ index: Int, _ code: String) {
        self.index = index
        self.code = code
    }

    /// A type the participant did not grant.
    public static let notGranted = SkipReason(0, "not-granted")
    /// A type the import does not read.
    public static let unknownType = SkipReason(1, "unknown-type")
    /// The sample starts before the participant's enrolment.
    public static let beforeStart = SkipReason(2, "before-start")
    /// A date without a UTC offset, which cannot be placed in time.
    public static let dateWithoutOffset = SkipReason(3, "date-without-offset")
    /// A date that is not `YYYY-MM-DD HH:MM:SS +HHMM` or does not exist.
    public static let invalidDate = SkipReason(4, "invalid-date")
    /// The sample ends before it starts, or lasts more than a day.
    public static let invalidInterval = SkipReason(5, "invalid-interval")
    /// The value is not a finite number (or not a known sleep stage).
    public static let valueNotNumber = SkipReason(6, "value-not-a-number")
    /// The value is outside what the type can plausibly measure.
    public static let valueOutOfRange = SkipReason(7, "value-out-of-range")
    /// A unit the import cannot convert.
    public static let unknownUnit = SkipReason(8, "unknown-unit")
    /// A required attribute (type, sourceName, startDate, endDate, value) is missing.
    public static let missingAttribute = SkipReason(9, "missing-attribute")
    /// A blood pressure record outside its correlation: Apple writes each one twice, it counts once, inside.
    public static let repeatedOutsideCorrelation = SkipReason(10, "repeated-outside-correlation")
    /// A record inside a correlation other than blood pressure: Apple writes it again at the top level.
    public static let repeatedInsideCorrelation = SkipReason(11, "repeated-inside-correlation")

    /// Every reason, in `index` order.
    static let all: [SkipReason] = [
        .notGranted, .unknownType, .beforeStart, .dateWithoutOffset, .invalidDate, .invalidInterval,
        .valueNotNumber, .valueOutOfRange, .unknownUnit, .missingAttribute, .repeatedOutsideCorrelation,
        .repeatedInsideCorrelation,
    ]

    /// The stable code: `not-granted`.
    public var description: String { code }

    /// In the order of the counting arrays (the order the reasons are declared in).
    public static func < (lhs: SkipReason, rhs: SkipReason) -> Bool { lhs.index < rhs.index }

    /// Decodes the stable code; an unknown one is `dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        let code = try decoder.singleValueContainer().decode(String.self)
        guard let known = SkipReason.all.first(where: { $0.code == code }) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown reason"))
        }
        self = known
    }

    /// Encodes the stable code.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }
}
