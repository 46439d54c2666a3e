import Foundation

/// Where a survey goes after a step: to another step or to the end.
public enum Destination: Hashable, Sendable, Codable {
    case step(String)
    case end

    /// The reserved JSON destination that ends the survey.
    public static let endIdentifier = "end"

    /// Decodes a step id, or `end` for the end of the survey.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        self = text == Self.endIdentifier ? .end : .step(text)
    }

    /// Encodes the step id, or `end`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .step(let id): try container.encode(id)
        case .end: try container.encode(Self.endIdentifier)
        }
    }
}

/// A rule applied after its step: when `condition` holds (or always, when it is `nil`), go to `destination`.
///
/// A step's rules are tried in order and the first that matches wins; without a match the survey goes on
/// to the next step in order.
public struct NavigationRule: Codable, Hashable, Sendable {
    /// When the rule applies; `nil` always applies (a direct rule).
    public var condition: ResultPredicate?
    /// Where the survey goes when the rule applies.
    public var destination: Destination

    /// Creates a `NavigationRule` from its members.
    public init(when condition: ResultPredicate? = nil, goTo destination: Destination) {
        self.condition = condition
        self.destination = destination
    }
}
