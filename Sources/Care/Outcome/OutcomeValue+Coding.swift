import Foundation

// A compact, documented JSON form for outcome values: `{"integer": 3}`, `{"text": "..."}`.
extension OutcomeValue.Content {
    private enum CodingKeys: String, CodingKey {
        case integer, double, boolean, text, date, data
    }

    /// Decodes an object with exactly one member, named for the case: `{"double": 4.5}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "a value has exactly one of integer, double, boolean, text, date, data"
                )
            )
        }
        switch key {
        case .integer: self = .integer(try container.decode(Int.self, forKey: key))
        case .double: self = .double(try container.decode(Double.self, forKey: key))
        case .boolean: self = .boolean(try container.decode(Bool.self, forKey: key))
        case .text: self = .text(try container.decode(String.self, forKey: key))
        case .date: self = .date(try container.decode(Date.self, forKey: key))
        case .data: self = .data(try container.decode(Data.self, forKey: key))
        }
    }

    /// Encodes an object with one member, named for the case: `{"integer": 3}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .integer(let value): try container.encode(value, forKey: .integer)
        case .double(let value): try container.encode(value, forKey: .double)
        case .boolean(let value): try container.encode(value, forKey: .boolean)
        case .text(let value): try container.encode(value, forKey: .text)
        case .date(let value): try container.encode(value, forKey: .date)
        case .data(let value): try container.encode(value, forKey: .data)
        }
    }
}
