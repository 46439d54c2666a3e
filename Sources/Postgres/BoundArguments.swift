import CPostgres
import Foundation

/// A statement's arguments laid out for libpq: one type, format, length and byte range per argument.
///
/// A prepared statement's parameter types are the server's (it infers them from the statement, as it does
/// for any untyped parameter), and each value is sent in the form that type reads: integers, floats,
/// booleans, bytes and instants in binary, so nothing is lost to formatting, and anything else as text the
/// server parses (`uuid`, `jsonb`, `text`, a number for a `numeric`). An unprepared statement sends text
/// untyped, so the server infers its types the same way, and bytes and instants typed in binary. Values are
/// never placed in the SQL text.
struct BoundArguments {
    /// PostgreSQL's limit on parameters in one statement.
    static let maximumCount = 65_535

    private(set) var types: [Oid] = []
    private(set) var formats: [Int32] = []
    private(set) var lengths: [Int32] = []
    /// Where each argument's bytes start in `storage`; nil for NULL.
    private var offsets: [Int?] = []
    private var storage: [UInt8] = []
    /// The text of the arguments, so an error message quoting one can be scrubbed (``PostgresError``).
    private(set) var texts: [String] = []
    private let sql: String

    var count: Int { types.count }

    /// The layout of `values` for a statement whose parameter types are `expected` (a prepared statement's)
    /// or unknown (nil). Throws `.invalidArgument` for a value PostgreSQL cannot take or the wrong number of
    /// values, naming only positions.
    init(_ values: [PostgresValue], expected: [Oid]?, sql: String) throws {
        self.sql = sql
        guard values.count <= Self.maximumCount else {
            throw invalid("\(values.count) arguments are more than PostgreSQL's \(Self.maximumCount)")
        }
        if let expected, expected.count != values.count {
            throw invalid("the statement takes \(expected.count) arguments, \(values.count) were given")
        }
        for (index, value) in values.enumerated() {
            try append(value, expected: expected?[index], position: index + 1)
        }
    }

    /// Calls `body` with the C arrays of `PQexecParams` and `PQexecPrepared`; the pointers are valid only
    /// during the call.
    func withCArrays<Result>(
        _ body: (
            _ types: UnsafePointer<Oid>?, _ values: UnsafePointer<UnsafePointer<CChar>?>?,
            _ lengths: UnsafePointer<Int32>?, _ formats: UnsafePointer<Int32>?
        ) throws -> Result
    ) rethrows -> Result {
        try storage.withUnsafeBufferPointer { bytes in
            let base = bytes.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
            let pointers: [UnsafePointer<CChar>?] = offsets.map { offset in offset.flatMap { base?.advanced(by: $0) } }
            return try types.withUnsafeBufferPointer { types in
                try pointers.withUnsafeBufferPointer { values in
                    try lengths.withUnsafeBufferPointer { lengths in
                        try formats.withUnsafeBufferPointer { formats in
                            try body(types.baseAddress, values.baseAddress, lengths.baseAddress, formats.baseAddress)
                        }
                    }
                }
            }
        }
    }

    private mutating func append(_ value: PostgresValue, expected: Oid?, position: Int) throws {
        switch (value, expected) {
        case (.null, _):
            add(type: expected ?? 0, binary: nil)
        case (.integer(let integer), TypeOID.int8):
            add(type: TypeOID.int8, binary: Self.bigEndian(UInt64(bitPattern: integer), bytes: 8))
        case (.integer(let integer), TypeOID.int4):
            guard let narrow = Int32(exactly: integer) else {
                throw invalid("argument $\(position) does not fit an integer")
            }
            add(type: TypeOID.int4, binary: Self.bigEndian(UInt64(UInt32(bitPattern: narrow)), bytes: 4))
        case (.integer(let integer), TypeOID.int2):
            guard let narrow = Int16(exactly: integer) else {
                throw invalid("argument $\(position) does not fit a smallint")
            }
            add(type: TypeOID.int2, binary: Self.bigEndian(UInt64(UInt16(bitPattern: narrow)), bytes: 2))
        case (.double(let double), TypeOID.float8):
            add(type: TypeOID.float8, binary: Self.bigEndian(double.bitPattern, bytes: 8))
        case (.double(let double), TypeOID.float4):
            add(type: TypeOID.float4, binary: Self.bigEndian(UInt64(Float(double).bitPattern), bytes: 4))
        case (.bool(let bool), TypeOID.bool):
            add(type: TypeOID.bool, binary: [bool ? 1 : 0])
        case (.bytes(let data), TypeOID.bytea), (.bytes(let data), nil):
            guard data.count < Int32.max else { throw invalid("argument $\(position) is too large to send") }
            add(type: TypeOID.bytea, binary: [UInt8](data))
        case (.timestamp(let date), TypeOID.timestamptz), (.timestamp(let date), TypeOID.timestamp),
            (.timestamp(let date), nil):
            guard let microseconds = PostgresTimestamp.microsecondsSince2000(date) else {
                throw invalid("argument $\(position) is a date out of range")
            }
            add(
                type: expected ?? TypeOID.timestamptz,
                binary: Self.bigEndian(UInt64(bitPattern: microseconds), bytes: 8))
        case (.timestamp, _):
            throw invalid("argument $\(position) is a date where the statement expects another type")
        default:
            try addText(value, type: expected ?? 0, position: position)
        }
    }

    /// A value in the text form every type's input function reads.
    private mutating func addText(_ value: PostgresValue, type: Oid, position: Int) throws {
        let text: String
        switch value {
        case .text(let string), .numeric(let string):
            guard !string.utf8.contains(0) else {
                throw invalid("argument $\(position) holds a NUL character, which PostgreSQL text cannot store")
            }
            text = string
        case .integer(let integer): text = String(integer)
        case .double(let double) where double.isNaN: text = "NaN"
        case .double(let double) where double.isInfinite: text = double < 0 ? "-Infinity" : "Infinity"
        case .double(let double): text = "\(double)"
        case .bool(let bool): text = bool ? "true" : "false"
        case .bytes(let data): text = "\\x" + data.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
        case .null, .timestamp: text = ""  // bound above, never here
        }
        texts.append(text)
        types.append(type)
        formats.append(0)
        offsets.append(storage.count)
        lengths.append(Int32(clamping: text.utf8.count))
        storage.append(contentsOf: text.utf8)
        storage.append(0)  // libpq reads text up to its NUL
    }

    private mutating func add(type: Oid, binary bytes: [UInt8]?) {
        types.append(type)
        formats.append(1)
        if let bytes {
            offsets.append(storage.count)
            lengths.append(Int32(bytes.count))
            storage.append(contentsOf: bytes)
            // An empty value still needs a pointer to real memory: libpq reads a NULL pointer as NULL.
            if bytes.isEmpty { storage.append(0) }
        } else {
            offsets.append(nil)
            lengths.append(0)
        }
    }

    private func invalid(_ message: String) -> PostgresError {
        PostgresError(category: .invalidArgument, message: message, sql: sql)
    }

    private static func bigEndian(_ value: UInt64, bytes: Int) -> [UInt8] {
        (0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * (bytes - 1 - $0))) }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

/// The built-in type OIDs Recover sends or decodes (pg_type.dat; fixed across PostgreSQL versions).
enum TypeOID {
    static let bool: Oid = 16
    static let bytea: Oid = 17
    static let int8: Oid = 20
    static let int2: Oid = 21
    static let int4: Oid = 23
    static let oid: Oid = 26
    static let float4: Oid = 700
    static let float8: Oid = 701
    static let timestamp: Oid = 1114
    static let timestamptz: Oid = 1184
    static let numeric: Oid = 1700
}
