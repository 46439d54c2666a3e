import Foundation

/// One typed value recorded for an event, such as a pain score or a range in degrees.
///
/// ```swift
/// let pain = OutcomeValue(.integer(3), kind: "checkin.form.pain")
/// ```
public struct OutcomeValue: Codable, Hashable, Sendable {
    /// The typed content of an outcome value.
    public enum Content: Codable, Hashable, Sendable {
        case integer(Int)
        case double(Double)
        case boolean(Bool)
        case text(String)
        case date(Date)
        case data(Data)
    }

    /// The recorded value.
    public var content: Content
    /// What the value measures, usually the identifier of the question that produced it.
    public var kind: String?
    /// The unit of the value, for example `h` or `deg`.
    public var unit: String?

    /// Creates a value with an optional kind and unit.
    public init(_ content: Content, kind: String? = nil, unit: String? = nil) {
        self.content = content
        self.kind = kind
        self.unit = unit
    }

    /// The value as a number when it is an integer, a double or a boolean.
    public var numericValue: Double? {
        switch content {
        case .integer(let value): Double(value)
        case .double(let value): value
        case .boolean(let value): value ? 1 : 0
        case .text, .date, .data: nil
        }
    }
}
