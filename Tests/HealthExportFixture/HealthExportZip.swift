import CArchive
import Foundation

/// Small Apple Health exports for the tests: `export.xml` text from records, and zips written with libarchive's
/// zip writer, so no Python generator is needed.
///
/// ```swift
/// let xml = HealthExportZip.document(HealthExportZip.record(HealthExportZip.steps, start: "2025-06-01 08:00:00 +0200", value: "120"))
/// try HealthExportZip.zip([HealthExportZip.Entry(HealthExportZip.exportPath, xml)], to: url)
/// ```
public enum HealthExportZip {
    /// A watch's source name (a curly apostrophe, as Apple writes them).
    public static let watch = "Sam’s Apple Watch"
    /// A phone's source name.
    public static let phone = "Sam’s iPhone"
    /// HealthKit's identifiers of the types the tests use most.
    public static let steps = "HKQuantityTypeIdentifierStepCount"
    public static let heartRate = "HKQuantityTypeIdentifierHeartRate"
    public static let activeEnergy = "HKQuantityTypeIdentifierActiveEnergyBurned"
    /// Where the Health app puts the export inside the zip.
    public static let exportPath = "apple_health_export/export.xml"

    /// The start of Apple's DTD (enough of it: the attribute declarations that once crashed FoundationXML).
    public static let dtd = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
        <!ATTLIST HealthData
          locale CDATA #REQUIRED
        >
        <!ATTLIST Record
          type          CDATA #REQUIRED
          unit          CDATA #IMPLIED
          value         CDATA #IMPLIED
          sourceName    CDATA #REQUIRED
          startDate     CDATA #REQUIRED
          endDate       CDATA #REQUIRED
        >
        ]>

        """

    /// One `<Record>` element.
    public static func record(
        _ type: String, source: String = watch, unit: String? = "count", start: String, end: String? = nil,
        value: String, children: String = ""
    ) -> String {
        let unitAttribute = unit.map { " unit=\"\($0)\"" } ?? ""
        let head =
            "<Record type=\"\(type)\" sourceName=\"\(source)\" sourceVersion=\"10.4\"\(unitAttribute) "
            + "creationDate=\"\(end ?? start)\" startDate=\"\(start)\" endDate=\"\(end ?? start)\" value=\"\(value)\""
        return children.isEmpty ? " \(head)/>\n" : " \(head)>\n\(children) </Record>\n"
    }

    /// A whole `export.xml` around `body`.
    public static func document(_ body: String, prologue: String = dtd) -> String {
        prologue + "<HealthData locale=\"en_GB\">\n <ExportDate value=\"2025-12-01 00:00:00 +0000\"/>\n" + body
            + "</HealthData>\n"
    }

    /// Writes a zip holding `xml` as the export at `url`.
    public static func write(_ xml: String, to url: URL) throws {
        try zip([Entry(exportPath, xml)], to: url)
    }

    /// An entry of a zip: a path and its bytes, produced in pieces so large entries never sit in memory.
    public struct Entry {
        let path: String
        let size: Int64
        let pieces: () -> [UInt8]?

        public init(_ path: String, _ text: String) {
            self.init(path, bytes: Array(text.utf8))
        }

        public init(_ path: String, bytes: [UInt8]) {
            self.path = path
            size = Int64(bytes.count)
            var remaining: [UInt8]? = bytes
            pieces = {
                defer { remaining = nil }
                return remaining
            }
        }

        public init(_ path: String, size: Int64, pieces: @escaping () -> [UInt8]?) {
            self.path = path
            self.size = size
            self.pieces = pieces
        }
    }

    /// Writes a deflate-compressed zip of `entries` at `url`, encrypted (traditional PKWARE) with `passphrase`.
    public static func zip(_ entries: [Entry], to url: URL, passphrase: String? = nil) throws {
        guard let archive = archive_write_new() else { throw FixtureError() }
        defer { archive_write_free(archive) }
        guard archive_write_set_format_zip(archive) == ARCHIVE_OK,
            archive_write_zip_set_compression_deflate(archive) == ARCHIVE_OK
        else { throw FixtureError() }
        if let passphrase {
            guard archive_write_set_options(archive, "zip:encryption=traditional") == ARCHIVE_OK,
                archive_write_set_passphrase(archive, passphrase) == ARCHIVE_OK
            else { throw FixtureError() }
        }
        guard archive_write_open_filename(archive, url.path) == ARCHIVE_OK else { throw FixtureError() }
        for item in entries {
            guard let entry = archive_entry_new() else { throw FixtureError() }
            defer { archive_entry_free(entry) }
            archive_entry_set_pathname_utf8(entry, item.path)
            archive_entry_set_filetype(entry, UInt32(recover_archive_regular_file()))
            archive_entry_set_perm(entry, 0o644)
            archive_entry_set_size(entry, item.size)
            guard archive_write_header(archive, entry) == ARCHIVE_OK else { throw FixtureError() }
            while let piece = item.pieces() {
                let written = piece.withUnsafeBytes { archive_write_data(archive, $0.baseAddress, $0.count) }
                guard written == piece.count else { throw FixtureError() }
            }
        }
        guard archive_write_close(archive) == ARCHIVE_OK else { throw FixtureError() }
    }

    /// libarchive refused to write the fixture.
    public struct FixtureError: Error {}
}
