import Foundation
import HealthExportFixture

@testable import HealthImport

/// Builds small exports for the tests on top of the shared ``HealthExportZip``, with the importer's own parsers.
enum ExportFixture {
    static let watch = HealthExportZip.watch
    static let phone = HealthExportZip.phone
    static let steps = HealthType.stepCount.rawValue
    static let dtd = HealthExportZip.dtd
    typealias Entry = HealthExportZip.Entry

    /// One `<Record>` element.
    static func record(
        _ type: String, source: String = watch, unit: String? = "count", start: String, end: String? = nil,
        value: String, children: String = ""
    ) -> String {
        HealthExportZip.record(
            type, source: source, unit: unit, start: start, end: end, value: value, children: children)
    }

    /// A whole `export.xml` around `body`.
    static func document(_ body: String, prologue: String = dtd) -> String {
        HealthExportZip.document(body, prologue: prologue)
    }

    /// A fresh folder, removed by the caller.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "health-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes a deflate-compressed zip of `entries` at `url`, encrypted (traditional PKWARE) with `passphrase`.
    static func zip(_ entries: [Entry], to url: URL, passphrase: String? = nil) throws {
        try HealthExportZip.zip(entries, to: url, passphrase: passphrase)
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
}
