import CArchive
import Foundation

@testable import HealthImport

/// Builds small exports for the tests: `export.xml` text from records, and zips written with libarchive.
enum ExportFixture {
    static let watch = "Sam’s Apple Watch"
    static let phone = "Sam’s iPhone"
    static let steps = HealthType.stepCount.rawValue

    /// The start of Apple's DTD (enough of it: the attribute declarations that once crashed FoundationXML).
    static let dtd = """
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
    static func record(
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
    static func document(_ body: String, prologue: String = dtd) -> String {
        prologue + "<HealthData locale=\"en_GB\">\n <ExportDate value=\"2025-12-01 00:00:00 +0000\"/>\n" + body
            + "</HealthData>\n"
    }

    /// A fresh folder, removed by the caller.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "health-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// An entry of a zip: a path and its bytes, produced in pieces so large entries never sit in memory.
    struct Entry {
        let path: String
        let size: Int64
        let pieces: () -> [UInt8]?

        init(_ path: String, _ text: String) {
            self.init(path, bytes: Array(text.utf8))
        }

        init(_ path: String, bytes: [UInt8]) {
            self.path = path
            size = Int64(bytes.count)
            var remaining: [UInt8]? = bytes
            pieces = {
                defer { remaining = nil }
                return remaining
            }
        }

        init(_ path: String, size: Int64, pieces: @escaping () -> [UInt8]?) {
            self.path = path
            self.size = size
            self.pieces = pieces
        }
    }

    /// Writes a deflate-compressed zip of `entries` at `url`, encrypted (traditional PKWARE) with `passphrase`.
    static func zip(_ entries: [Entry], to url: URL, passphrase: String? = nil) throws {
        guard let archive = archive_write_new() else { throw FixtureError.libarchive }
        defer { archive_write_free(archive) }
        guard archive_write_set_format_zip(archive) == ARCHIVE_OK,
            archive_write_zip_set_compression_deflate(archive) == ARCHIVE_OK
        else { throw FixtureError.libarchive }
        if let passphrase {
            guard archive_write_set_options(archive, "zip:encryption=traditional") == ARCHIVE_OK,
                archive_write_set_passphrase(archive, passphrase) == ARCHIVE_OK
            else { throw FixtureError.libarchive }
        }
        guard archive_write_open_filename(archive, url.path) == ARCHIVE_OK else { throw FixtureError.libarchive }
        for item in entries {
            guard let entry = archive_entry_new() else { throw FixtureError.libarchive }
            defer { archive_entry_free(entry) }
            archive_entry_set_pathname_utf8(entry, item.path)
            archive_entry_set_filetype(entry, UInt32(recover_archive_regular_file()))
            archive_entry_set_perm(entry, 0o644)
            archive_entry_set_size(entry, item.size)
            guard archive_write_header(archive, entry) == ARCHIVE_OK else { throw FixtureError.libarchive }
            while let piece = item.pieces() {
                let written = piece.withUnsafeBytes { archive_write_data(archive, $0.baseAddress, $0.count) }
                guard written == piece.count else { throw FixtureError.libarchive }
            }
        }
        guard archive_write_close(archive) == ARCHIVE_OK else { throw FixtureError.libarchive }
    }

    /// A zip holding `xml` as the export, imported with `configuration`.
    static func importing(
        _ xml: String, granted: Set<HealthType> = Set(HealthType.allCases), start: String = "2020-01-01 00:00:00 +0000",
        zone: String = "Europe/Berlin", limits: HealthImportLimits = HealthImportLimits()
    ) throws -> HealthImportResult {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appending(path: "export.zip")
        try zip([Entry(ExportArchive.entryPath, xml)], to: url)
        return try importer(granted: granted, start: start, zone: zone, limits: limits).importExport(at: url)
    }

    static func importer(
        granted: Set<HealthType> = Set(HealthType.allCases), start: String = "2020-01-01 00:00:00 +0000",
        zone: String = "Europe/Berlin", limits: HealthImportLimits = HealthImportLimits()
    ) -> HealthImporter {
        HealthImporter(
            configuration: HealthImportConfiguration(
                grantedTypes: granted, start: instant(start), timeZoneIdentifier: zone, limits: limits))
    }

    /// The instant a timestamp in Apple's format names (the tests' own, checked by the parser's tests).
    static func instant(_ text: String) -> Date {
        var bytes = Array(text.utf8)
        let parsed = bytes.withUnsafeMutableBufferPointer { ExportTimestamp.parse(UnsafeBufferPointer($0)) }
        guard case .instant(let seconds) = parsed else { return .distantPast }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// The aggregate of `day` (`2025-03-30`).
    static func day(_ text: String, in result: HealthImportResult) -> DailyHealthAggregate? {
        result.days.first { $0.day.description == text }
    }

    enum FixtureError: Error {
        case libarchive
    }
}
