import Foundation

extension Step.Kind {
    /// The JSON `type` of this kind of step.
    public var typeName: String {
        switch self {
        case .instruction: "instruction"
        case .form: "form"
        case .question: "question"
        case .consentDocument: "consentDocument"
        case .requestPermissions: "requestPermissions"
        case .completion: "completion"
        case .review: "review"
        case .rangeOfMotion: "rangeOfMotion"
        case .frontCameraRecording: "frontCameraRecording"
        case .environmentNoise: "environmentNoise"
        case .toneAudiometry: "toneAudiometry"
        case .bodyModel: "bodyModel"
        }
    }

    static let typeNames = [
        "instruction", "form", "question", "consentDocument", "requestPermissions", "completion", "review",
        "rangeOfMotion", "frontCameraRecording", "environmentNoise", "toneAudiometry", "bodyModel",
    ]
}

extension Step: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, title, text, detail, isOptional, items, item
    }

    /// Decodes a step by its `type`; an error inside names the step (`step 'checkin.form': ...`).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let id = try c.decode(String.self, forKey: .id)
        do {
            self.init(
                id: id,
                title: try c.decodeIfPresent(String.self, forKey: .title),
                text: try c.decodeIfPresent(String.self, forKey: .text),
                detail: try c.decodeIfPresent(String.self, forKey: .detail),
                isOptional: try c.decodeIfPresent(Bool.self, forKey: .isOptional) ?? false,
                kind: try Self.decodeKind(from: decoder, container: c)
            )
        } catch let error as DecodingError {
            throw error.prefixed(with: "step '\(id)'")
        }
    }

    private static func decodeKind(from decoder: any Decoder, container c: KeyedDecodingContainer<CodingKeys>) throws
        -> Kind
    {
        let type = try decoder.typeDiscriminator()
        switch type {
        case "instruction": return .instruction(try Instruction(from: decoder))
        case "form": return .form(try c.decode([FormItem].self, forKey: .items))
        case "question": return .question(try c.decode(FormItem.self, forKey: .item))
        case "consentDocument": return .consentDocument(try ConsentDocument(from: decoder))
        case "requestPermissions": return .requestPermissions(try PermissionRequest(from: decoder))
        case "completion": return .completion
        case "review": return .review
        case "rangeOfMotion": return .rangeOfMotion(try JointMeasurement(from: decoder))
        case "frontCameraRecording": return .frontCameraRecording(try CameraRecording(from: decoder))
        case "environmentNoise": return .environmentNoise(try NoiseCheck(from: decoder))
        case "toneAudiometry": return .toneAudiometry(try ToneAudiometry(from: decoder))
        case "bodyModel": return .bodyModel(try BodyModel(from: decoder))
        default: throw decoder.unknownType(type, of: "step", expected: Kind.typeNames)
        }
    }

    /// Encodes a step with its `type` and its kind's members beside the step's own, leaving out `isOptional` when
    /// false.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encodeIfPresent(title, forKey: .title)
        try c.encodeIfPresent(text, forKey: .text)
        try c.encodeIfPresent(detail, forKey: .detail)
        if isOptional { try c.encode(isOptional, forKey: .isOptional) }
        try encoder.encodeTypeDiscriminator(kind.typeName)
        switch kind {
        case .instruction(let content): try content.encode(to: encoder)
        case .form(let items): try c.encode(items, forKey: .items)
        case .question(let item): try c.encode(item, forKey: .item)
        case .consentDocument(let document): try document.encode(to: encoder)
        case .requestPermissions(let request): try request.encode(to: encoder)
        case .completion, .review: break
        case .rangeOfMotion(let task): try task.encode(to: encoder)
        case .frontCameraRecording(let recording): try recording.encode(to: encoder)
        case .environmentNoise(let check): try check.encode(to: encoder)
        case .toneAudiometry(let test): try test.encode(to: encoder)
        case .bodyModel(let model): try model.encode(to: encoder)
        }
    }
}

extension DecodingError {
    /// The same error with `prefix` in front of its message, so it names the enclosing step.
    func prefixed(with prefix: String) -> DecodingError {
        switch self {
        case .dataCorrupted(let context):
            return .dataCorrupted(context.prefixed(with: prefix, message: context.debugDescription))
        case .keyNotFound(let key, let context):
            return .dataCorrupted(context.prefixed(with: prefix, message: "missing member '\(key.stringValue)'"))
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return .dataCorrupted(
                context.prefixed(
                    with: prefix, message: "wrong type of value at '\(context.codingPath.last?.stringValue ?? "")'")
            )
        @unknown default:
            return self
        }
    }
}

extension DecodingError.Context {
    fileprivate func prefixed(with prefix: String, message: String) -> DecodingError.Context {
        if message.hasPrefix("step '") { return self }
        return DecodingError.Context(codingPath: codingPath, debugDescription: "\(prefix): \(message)")
    }
}
