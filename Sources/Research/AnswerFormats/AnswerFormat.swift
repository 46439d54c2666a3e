import Foundation

/// How a question is answered: the input shown and the rules an answer must follow.
///
/// JSON: the format's parameters with a `type`, for example
/// `{"type": "scale", "minimum": 1, "maximum": 10, "step": 1}`.
public enum AnswerFormat: Hashable, Sendable {
    case scale(ScaleFormat)
    case continuousScale(ContinuousScaleFormat)
    case textScale(TextScaleFormat)
    case textChoice(TextChoiceFormat)
    case boolean(BooleanFormat)
    case numeric(NumericFormat)
    case text(TextFormat)
    case socioEconomicLadder(LadderFormat)
    case date(DateFormat)
    case dateTime(DateTimeFormat)
    case timeOfDay(TimeOfDayFormat)
    case timeInterval(TimeIntervalFormat)
    case height(HeightFormat)
    case weight(WeightFormat)
    case location

    /// The JSON `type` of this format.
    public var typeName: String {
        switch self {
        case .scale: "scale"
        case .continuousScale: "continuousScale"
        case .textScale: "textScale"
        case .textChoice: "textChoice"
        case .boolean: "boolean"
        case .numeric: "numeric"
        case .text: "text"
        case .socioEconomicLadder: "socioEconomicLadder"
        case .date: "date"
        case .dateTime: "dateTime"
        case .timeOfDay: "timeOfDay"
        case .timeInterval: "timeInterval"
        case .height: "height"
        case .weight: "weight"
        case .location: "location"
        }
    }

    static let typeNames = [
        "scale", "continuousScale", "textScale", "textChoice", "boolean", "numeric", "text", "socioEconomicLadder",
        "date", "dateTime", "timeOfDay", "timeInterval", "height", "weight", "location",
    ]

    /// Whether the format offers a "don't know" answer.
    public var allowsDontKnow: Bool {
        switch self {
        case .scale(let format): format.dontKnow != nil
        case .continuousScale(let format): format.dontKnow != nil
        case .textScale(let format): format.dontKnow != nil
        default: false
        }
    }
}

extension AnswerFormat: Codable {
    /// Decodes a format by its `type`, the format's members beside it; an unknown type names the known ones.
    public init(from decoder: any Decoder) throws {
        let type = try decoder.typeDiscriminator()
        switch type {
        case "scale": self = .scale(try ScaleFormat(from: decoder))
        case "continuousScale": self = .continuousScale(try ContinuousScaleFormat(from: decoder))
        case "textScale": self = .textScale(try TextScaleFormat(from: decoder))
        case "textChoice": self = .textChoice(try TextChoiceFormat(from: decoder))
        case "boolean": self = .boolean(try BooleanFormat(from: decoder))
        case "numeric": self = .numeric(try NumericFormat(from: decoder))
        case "text": self = .text(try TextFormat(from: decoder))
        case "socioEconomicLadder": self = .socioEconomicLadder(try LadderFormat(from: decoder))
        case "date": self = .date(try DateFormat(from: decoder))
        case "dateTime": self = .dateTime(try DateTimeFormat(from: decoder))
        case "timeOfDay": self = .timeOfDay(try TimeOfDayFormat(from: decoder))
        case "timeInterval": self = .timeInterval(try TimeIntervalFormat(from: decoder))
        case "height": self = .height(try HeightFormat(from: decoder))
        case "weight": self = .weight(try WeightFormat(from: decoder))
        case "location": self = .location
        default: throw decoder.unknownType(type, of: "answer format", expected: Self.typeNames)
        }
    }

    /// Encodes the format's `type` with the format's members beside it.
    public func encode(to encoder: any Encoder) throws {
        try encoder.encodeTypeDiscriminator(typeName)
        switch self {
        case .scale(let format): try format.encode(to: encoder)
        case .continuousScale(let format): try format.encode(to: encoder)
        case .textScale(let format): try format.encode(to: encoder)
        case .textChoice(let format): try format.encode(to: encoder)
        case .boolean(let format): try format.encode(to: encoder)
        case .numeric(let format): try format.encode(to: encoder)
        case .text(let format): try format.encode(to: encoder)
        case .socioEconomicLadder(let format): try format.encode(to: encoder)
        case .date(let format): try format.encode(to: encoder)
        case .dateTime(let format): try format.encode(to: encoder)
        case .timeOfDay(let format): try format.encode(to: encoder)
        case .timeInterval(let format): try format.encode(to: encoder)
        case .height(let format): try format.encode(to: encoder)
        case .weight(let format): try format.encode(to: encoder)
        case .location: break
        }
    }
}
