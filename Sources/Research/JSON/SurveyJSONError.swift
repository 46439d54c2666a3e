import Foundation

/// JSON that could not be read as a survey, a result or a run: says where and what is wrong.
public struct SurveyJSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the problem is, as a path like `steps[2].items[0].answerFormat`, empty for the top level.
    public let path: String
    /// What is wrong.
    public let message: String

    /// Creates an error at `path`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`, or the message alone at the top level.
    public var description: String {
        path.isEmpty ? message : "\(path): \(message)"
    }

    /// Turns a decoding error into a message naming the JSON path; never includes the data itself.
    init(_ error: DecodingError) {
        switch error {
        case .dataCorrupted(let context):
            let message =
                context.codingPath.isEmpty && context.debugDescription.contains("JSON")
                ? "malformed JSON" : context.debugDescription
            self.init(path: Self.path(context.codingPath), message: message)
        case .keyNotFound(let key, let context):
            self.init(path: Self.path(context.codingPath), message: "missing member '\(key.stringValue)'")
        case .typeMismatch(let type, let context):
            self.init(path: Self.path(context.codingPath), message: "expected \(Self.name(of: type))")
        case .valueNotFound(let type, let context):
            self.init(path: Self.path(context.codingPath), message: "expected \(Self.name(of: type)), found null")
        @unknown default:
            self.init(path: "", message: "unreadable JSON")
        }
    }

    static func path(_ keys: [any CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        default: "a value of another type"
        }
    }
}
