/// The one way to read a whole number that came from outside (a query string, a form field, a header, a
/// file): base-10 digits with an optional sign, within a range the caller states. Anything else, including
/// a number too large for `Int`, is nil, never a trap; the range keeps later arithmetic on the value (an
/// offset, a size) from overflowing.
///
/// ```swift
/// let page = BoundedInteger.parse(request.query["page"] ?? "", in: 1...100_000)
/// ```
public enum BoundedInteger {
    /// `text` as an integer in `range`, or nil (empty, not a number, too large, out of range).
    public static func parse(_ text: some StringProtocol, in range: ClosedRange<Int>) -> Int? {
        // At most a sign and 19 digits: anything longer is out of every `Int` range anyway.
        guard !text.isEmpty, text.utf8.count <= 20, let value = Int(text) else { return nil }
        return range.contains(value) ? value : nil
    }
}

extension Request {
    /// The query parameter `name` as an integer in `range`; `defaultValue` when it is absent or empty.
    /// Throws a 400 page ("error.badNumber") for anything else, so a hostile value changes nothing.
    public func queryInteger(_ name: String, in range: ClosedRange<Int>, default defaultValue: Int) throws -> Int {
        guard let text = query[name], !text.isEmpty else { return defaultValue }
        guard let value = BoundedInteger.parse(text, in: range) else {
            throw HTTPError(.badRequest, "error.badNumber")
        }
        return value
    }
}
