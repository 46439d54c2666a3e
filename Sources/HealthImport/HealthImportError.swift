/// Why an export could not be imported, matched by `code`; its description says what to do and never holds a
/// health value (only sizes, line numbers and limits).
///
/// ```swift
/// do { _ = try importer.importExport(at: url) } catch let error as HealthImportError where error.code == .notAZip {
///     // ask for the export.zip the Health app wrote
/// }
/// ```
public struct HealthImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The stable text of the code (`not-a-zip`), for logs and translation keys.
        public let rawValue: String
        private init(_ rawValue: String) { self.rawValue = rawValue }

        /// There is no file at the path, or it cannot be opened.
        public static let unreadableFile = Code("unreadable-file")
        /// The file is not a zip archive.
        public static let notAZip = Code("not-a-zip")
        /// The zip holds no `apple_health_export/export.xml`.
        public static let missingExportXML = Code("missing-export-xml")
        /// The zip ends before its data does (an interrupted download or copy).
        public static let truncatedArchive = Code("truncated-archive")
        /// The zip is damaged (or encrypted) where it is not simply cut short.
        public static let damagedArchive = Code("damaged-archive")
        /// `export.xml` is larger, uncompressed, than the configured limit.
        public static let tooLarge = Code("too-large")
        /// `export.xml` expands from far less compressed data than any real export (a zip bomb).
        public static let compressionRatioTooHigh = Code("compression-ratio-too-high")
        /// `export.xml` declares entities, which real exports never do (external files, entity bombs).
        public static let entityDeclaration = Code("entity-declaration")
        /// `export.xml` is not well-formed XML, or libxml2's limits (entity amplification, depth) refused it.
        public static let malformedXML = Code("malformed-xml")
        /// `export.xml` is XML but not a Health export (its root is not `HealthData`).
        public static let notAHealthExport = Code("not-a-health-export")
        /// The configured time zone identifier is unknown.
        public static let unknownTimeZone = Code("unknown-time-zone")

        /// The stable text: `not-a-zip`.
        public var description: String { rawValue }
    }

    /// The kind of failure, to match on.
    public let code: Code
    /// What happened and what to do, in English, for logs and operators.
    public let message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// `code: message`: the stable code, then what happened and what to do.
    public var description: String { "\(code): \(message)" }
}
