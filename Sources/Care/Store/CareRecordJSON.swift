import Foundation

/// The JSON text stores keep care records in: task versions and outcome values.
///
/// One encoding for every store, so a record reads the same whichever database wrote it and a copy between
/// databases carries the same JSON.
public enum CareRecordJSON {
    /// The JSON text of `value`, with sorted keys.
    public static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// The value of the stored JSON `text` of record `id` in `table`; a `CareRecordDecodingError` naming the record
    /// (never the text) when it does not decode.
    public static func decode<Value: Decodable>(
        _ type: Value.Type, _ text: String, table: String, id: String
    ) throws(CareRecordDecodingError) -> Value {
        do {
            return try JSONDecoder().decode(type, from: Data(text.utf8))
        } catch {
            throw CareRecordDecodingError(table: table, id: id)
        }
    }
}
