import Foundation

extension KeyedDecodingContainer {
    /// The whole number at `key`; a fraction or a number beyond 64 bits is reported at that key.
    ///
    /// Foundation's decoder reports such numbers as "not valid JSON" with no path, which leaves a schedule file's
    /// author guessing; this names the field and the range.
    func decodeWholeNumber(forKey key: Key) throws -> Int {
        do {
            return try decode(Int.self, forKey: key)
        } catch {
            guard let number = try? decode(Decimal.self, forKey: key) else { throw error }
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath + [key],
                    debugDescription: "expected a whole number of at most \(Int.max), got \(number)"))
        }
    }
}
