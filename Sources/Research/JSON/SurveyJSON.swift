import Foundation

/// Reads and writes surveys, results and runs in Recover's versioned JSON format (docs/survey-json.md).
///
/// ```swift
/// let data = try SurveyJSON.encode(survey)
/// let loaded = try SurveyJSON.decodeSurvey(data)   // validated
/// ```
public enum SurveyJSON {
    /// The version of the JSON format written and read.
    public static let version = 1

    /// An encoder writing sorted, pretty-printed JSON with ISO-8601 dates carrying an offset (`+00:00`).
    public static func encoder(timeZone: TimeZone = TimeZone(secondsFromGMT: 0) ?? .current) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(formatDate(date, timeZone: timeZone))
        }
        return encoder
    }

    /// A decoder reading ISO-8601 dates with an offset, with or without fractional seconds.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = parseDate(text) else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: decoder.codingPath,
                        debugDescription:
                            "expected an ISO-8601 date and time with an offset, like 2026-05-04T08:30:00+02:00"
                    )
                )
            }
            return date
        }
        return decoder
    }

    /// `date` as ISO-8601 with milliseconds and a colon-separated offset (`+00:00` rather than `Z`).
    public static func formatDate(_ date: Date, timeZone: TimeZone = TimeZone(secondsFromGMT: 0) ?? .current) -> String
    {
        let style = Date.ISO8601FormatStyle(
            timeZoneSeparator: .colon, includingFractionalSeconds: true, timeZone: timeZone)
        // The style truncates to milliseconds: round first, then nudge inside the millisecond so that binary
        // fractions such as .123 (stored as .12299...) are not written as .122.
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        let text = style.format(Date(timeIntervalSince1970: milliseconds / 1000 + 0.0004))
        return text.hasSuffix("Z") ? String(text.dropLast()) + "+00:00" : text
    }

    /// Parses an ISO-8601 date and time that carries an offset or `Z`, with or without fractional seconds.
    public static func parseDate(_ text: String) -> Date? {
        try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }

    /// Encodes a survey, a result or a run.
    public static func encode<Value: Encodable>(_ value: Value) throws -> Data {
        try encoder().encode(value)
    }

    /// Decodes any of the format's documents, turning decoding failures into a `SurveyJSONError`.
    public static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws(SurveyJSONError) -> Value {
        do {
            return try decoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw SurveyJSONError(error)
        } catch let error as SurveyJSONError {
            throw error
        } catch {
            throw SurveyJSONError(path: "", message: "malformed JSON")
        }
    }

    /// Decodes a survey and checks it: every problem `Survey.validate()` finds is reported.
    public static func decodeSurvey(_ data: Data) throws(SurveyLoadError) -> Survey {
        let survey: Survey
        do {
            survey = try decode(Survey.self, from: data)
        } catch {
            throw .unreadable(error)
        }
        let problems = survey.validate()
        if !problems.isEmpty { throw .invalid(problems) }
        return survey
    }

    /// Checks the `format` and `version` members of a top-level document.
    static func checkHeader<Key: CodingKey>(
        _ container: KeyedDecodingContainer<Key>,
        format: String,
        formatKey: Key,
        versionKey: Key
    ) throws {
        let found = try container.decode(String.self, forKey: formatKey)
        guard found == format else {
            throw DecodingError.dataCorruptedError(
                forKey: formatKey,
                in: container,
                debugDescription: "expected format '\(format)', found '\(found)'"
            )
        }
        let version = try container.decode(Int.self, forKey: versionKey)
        guard version == Self.version else {
            throw DecodingError.dataCorruptedError(
                forKey: versionKey,
                in: container,
                debugDescription: "unsupported version \(version); this build reads version \(Self.version)"
            )
        }
    }
}

/// Why a survey document could not be loaded: unreadable JSON, or a survey that breaks the rules.
public enum SurveyLoadError: Error, Hashable, Sendable, CustomStringConvertible {
    case unreadable(SurveyJSONError)
    case invalid([SurveyProblem])

    /// One line per problem.
    public var lines: [String] {
        switch self {
        case .unreadable(let error): [error.description]
        case .invalid(let problems): problems.map(\.description)
        }
    }

    /// One problem per line (``lines``).
    public var description: String { lines.joined(separator: "\n") }
}
