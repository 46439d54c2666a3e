import Foundation

/// A posted activity result that cannot be read.
struct ActivityParseError: Error {
    let code: ItemError.Code
    let message: String
    var bounds: ItemError.Bounds?

    init(_ code: ItemError.Code, _ message: String, bounds: ItemError.Bounds? = nil) {
        self.code = code
        self.message = message
        self.bounds = bounds
    }
}

extension Step {
    /// Reads the JSON of a non-question page into its activity result.
    func parseActivity(_ m: [String: JSONValue], timeZone: TimeZone, at date: Date) throws(ActivityParseError)
        -> ActivityResult?
    {
        switch kind {
        case .consentDocument(let document):
            guard document.signatureAfterContent else {
                return .consent(
                    ConsentResult(
                        documentVersion: document.version,
                        language: document.language,
                        signatureMeaning: document.signatureMeaning,
                        signature: nil
                    )
                )
            }
            return .consent(
                ConsentResult(
                    documentVersion: document.version,
                    language: document.language,
                    signatureMeaning: document.signatureMeaning,
                    signature: try Self.signature(m, timeZone: timeZone, at: date)
                )
            )
        case .requestPermissions:
            var grants: [String: Bool] = [:]
            for (card, value) in m {
                guard case .bool(let granted) = value else {
                    throw ActivityParseError(.wrongShape, "'\(card)' must be true or false")
                }
                grants[card] = granted
            }
            return .permissions(grants)
        case .rangeOfMotion(let task):
            var result = try Self.rangeOfMotion(m)
            result.limb = task.limb
            return .rangeOfMotion(result)
        case .frontCameraRecording:
            guard let type = m["contentType"]?.stringValue, let size = m["byteCount"]?.numberValue,
                let hash = m["sha256"]?.stringValue
            else { throw ActivityParseError(.wrongShape, "a recording needs contentType, byteCount and sha256") }
            return .file(
                FileResult(
                    contentType: type,
                    byteCount: Int(exactly: size) ?? -1,
                    sha256: hash,
                    retryCount: Int(exactly: m["retryCount"]?.numberValue ?? 0) ?? -1,
                    duration: m["duration"]?.numberValue
                )
            )
        case .environmentNoise(let check):
            let readings = try Self.numbers(m["readings"], name: "readings")
            return .noiseCheck(readings: readings, passed: check.passes(readings))
        case .toneAudiometry:
            guard let object = m["thresholds"]?.objectValue else {
                throw ActivityParseError(.thresholdsMissing, "thresholds are required")
            }
            var thresholds: [String: Double] = [:]
            for (key, value) in object {
                guard let level = value.numberValue else {
                    throw ActivityParseError(.notANumber, "threshold '\(key)' must be a number")
                }
                thresholds[key] = level
            }
            return .audiometry(thresholds)
        case .bodyModel:
            guard let parts = (m["selected"] ?? .array([])).formValues else {
                throw ActivityParseError(.wrongShape, "selected must be a list of part identifiers")
            }
            return .bodySelection(parts)
        case .instruction, .form, .question, .completion, .review:
            return nil
        }
    }

    private static func signature(_ m: [String: JSONValue], timeZone: TimeZone, at date: Date)
        throws(ActivityParseError)
        -> SignatureResult
    {
        guard let name = m["name"]?.stringValue else {
            throw ActivityParseError(.nameRequired, "a printed name is required")
        }
        guard let strokeValues = m["strokes"]?.arrayValue else {
            throw ActivityParseError(.signatureRequired, "signature strokes are required")
        }
        var strokes: [[StrokePoint]] = []
        for stroke in strokeValues {
            guard let points = stroke.arrayValue else {
                throw ActivityParseError(.wrongShape, "each stroke is a list of points")
            }
            var parsed: [StrokePoint] = []
            for point in points {
                guard let object = point.objectValue, let x = object["x"]?.numberValue, let y = object["y"]?.numberValue
                else { throw ActivityParseError(.wrongShape, "each point is {\"x\": .., \"y\": .., \"t\": ..}") }
                parsed.append(StrokePoint(x: x, y: y, t: object["t"]?.numberValue ?? 0))
            }
            strokes.append(parsed)
        }
        var png: Data?
        if let text = m["png"]?.stringValue {
            let base64 = text.hasPrefix("data:image/png;base64,") ? String(text.dropFirst(22)) : text
            guard let data = Data(base64Encoded: base64) else {
                throw ActivityParseError(.invalidImage, "png must be base64")
            }
            png = data
        }
        var signedAt = date
        if let text = m["signedAt"]?.stringValue {
            guard let parsed = SurveyJSON.parseDate(text) else {
                throw ActivityParseError(.invalidDate, "signedAt must be ISO-8601")
            }
            signedAt = parsed
        }
        let offset = m["offset"]?.stringValue ?? Self.offset(of: timeZone, at: signedAt)
        return SignatureResult(strokes: strokes, png: png, printedName: name, signedAt: signedAt, utcOffset: offset)
    }

    private static func rangeOfMotion(_ m: [String: JSONValue]) throws(ActivityParseError) -> RangeOfMotionResult {
        if let manual = m["manualRange"] {
            guard let range = manual.numberValue else {
                throw ActivityParseError(
                    .notANumber, "manualRange must be a number",
                    bounds: ItemError.Bounds(RangeOfMotionResult.plausibleRange))
            }
            return .manual(range: range)
        }
        var orientation = DeviceOrientation.portrait
        if let text = m["orientation"] {
            guard let name = text.stringValue, let parsed = DeviceOrientation(rawValue: name) else {
                throw ActivityParseError(.wrongShape, "orientation must be portrait or landscape")
            }
            orientation = parsed
        }
        let samples: [Quaternion]
        if let list = m["quaternions"] {
            samples = try rows(list, width: 4, name: "quaternions").map {
                Quaternion(x: $0[0], y: $0[1], z: $0[2], w: $0[3])
            }
        } else if let list = m["euler"] {
            samples = try rows(list, width: 3, name: "euler").map {
                Quaternion(alpha: $0[0], beta: $0[1], gamma: $0[2])
            }
        } else {
            throw ActivityParseError(.measurementRequired, "give quaternions, euler or manualRange")
        }
        do {
            return try RangeOfMotion.measure(samples, orientation: orientation)
        } catch {
            switch error {
            case .noSamples: throw ActivityParseError(.measurementRequired, error.description)
            case .unusableSample: throw ActivityParseError(.unusableSamples, error.description)
            }
        }
    }

    private static func rows(_ value: JSONValue, width: Int, name: String) throws(ActivityParseError) -> [[Double]] {
        guard let list = value.arrayValue else { throw ActivityParseError(.wrongShape, "\(name) must be a list") }
        var rows: [[Double]] = []
        for (index, row) in list.enumerated() {
            let numbers = try numbers(row, name: "\(name)[\(index)]")
            guard numbers.count == width else {
                throw ActivityParseError(.wrongShape, "\(name)[\(index)] must have \(width) numbers")
            }
            rows.append(numbers)
        }
        return rows
    }

    private static func numbers(_ value: JSONValue?, name: String) throws(ActivityParseError) -> [Double] {
        guard let list = value?.arrayValue else {
            throw ActivityParseError(.wrongShape, "\(name) must be a list of numbers")
        }
        var numbers: [Double] = []
        for element in list {
            guard let number = element.numberValue, number.isFinite else {
                throw ActivityParseError(.wrongShape, "\(name) must be a list of numbers")
            }
            numbers.append(number)
        }
        return numbers
    }

    /// `+08:00` for a zone's offset at an instant.
    static func offset(of timeZone: TimeZone, at date: Date) -> String {
        let seconds = timeZone.secondsFromGMT(for: date)
        let sign = seconds < 0 ? "-" : "+"
        return String(format: "%@%02d:%02d", sign, abs(seconds) / 3600, abs(seconds) % 3600 / 60)
    }
}
